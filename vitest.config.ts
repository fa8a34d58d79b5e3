import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log("TEST_DATABASE_URL is not set: server tests run on the embedded PGlite only (the server-postgres project is skipped).");
}

/**
 * Server test files that run on PGlite only: their behaviour cannot differ between the two databases, because they
 * never open one (pure logic, policies, parsers) or because they send the same single-connection SQL through the same
 * Drizzle queries with no concurrency, extension, locale or date arithmetic at stake (plain CRUD routes, and the
 * sweeps that check every route's answers rather than the database's). Everything else — the engine, jobs, locks and
 * races, search, imports, billing, distribution, campaigns, realtime, faults, migrations and seeds — runs on both.
 */
const SAME_ON_BOTH_DATABASES = [
  "src/**/*.policy.test.ts",
  "src/**/*.rules.test.ts",
  "src/bots/bots.test.ts",
  "src/channels/baileys/map-message.test.ts",
  "src/channels/baileys/phone-book.test.ts",
  "src/channels/session-calls.test.ts",
  "src/config.test.ts",
  "src/db/errors.test.ts",
  "src/db/migrations.test.ts",
  "src/engine/distribution-strategy.test.ts",
  "src/lib/keyed-serial.test.ts",
  "src/lib/logger.test.ts",
  "src/lib/redis.test.ts",
  "src/mail/language.test.ts",
  "src/mail/mailer.test.ts",
  "src/media/media-store.test.ts",
  "src/modules/billing/br-code.test.ts",
  "src/modules/billing/efi-provider.test.ts",
  "src/modules/contacts/csv.test.ts",
  "src/modules/contacts/import-rows.test.ts",
  "src/modules/dashboard/dashboard.period.test.ts",
  "src/process-guards.test.ts",
  "src/plugins/error-handler.test.ts",
  "src/plugins/input-guard.test.ts",
  "src/plugins/plan-gate.test.ts",
  "src/modules/announcements/announcements.test.ts",
  "src/modules/helps/helps.test.ts",
  "src/modules/installation-settings/installation-settings.test.ts",
  "src/modules/openapi/openapi.test.ts",
  "src/modules/plans/plans.test.ts",
  "src/modules/quick-messages/quick-messages.test.ts",
  "src/modules/settings/settings.test.ts",
  "src/modules/system/system.test.ts",
  "src/security/hostile-input.test.ts",
  "src/security/intra-company.test.ts",
  "src/security/plan-gate.test.ts",
  "src/security/uploads.test.ts",
  // Contracts and plain CRUD, each request's SQL on one connection, no job queue, no concurrency.
  "src/compat/lineage-admin-a.test.ts",
  "src/compat/lineage-admin-b.test.ts",
  "src/compat/lineage-admin-c.test.ts",
  "src/modules/auth/two-factor.test.ts",
  "src/modules/companies/companies.test.ts",
  "src/modules/prompts/prompts.test.ts",
  "src/modules/queues/queues.test.ts",
  "src/modules/signup/signup.test.ts",
  "src/modules/tags/tags.test.ts",
  "src/security/audit-walk.test.ts",
  "src/security/password-rule.test.ts",
  "src/security/single-line-names.test.ts",
  "src/security/tenant-isolation.test.ts",
];

export default defineConfig({
  test: {
    // One worker more than the cores: the server tests wait on their databases, child processes and timers for
    // about a third of their time, which the extra worker fills (quiet two-core machine: 18.5 min with two, 14.6
    // with three). TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(3, os.availableParallelism() + 1),
    projects: [
      "packages/shared",
      { test: { name: "scripts", root: import.meta.dirname, include: ["scripts/**/*.test.mjs"] } },
      { extends: "./apps/server/vitest.config.ts", test: { name: "server" } },
      ...(postgres ? [{ extends: "./apps/server/vitest.config.ts", test: { name: "server-postgres", env: { TEST_DB: "postgres" }, exclude: [...configDefaults.exclude, ...SAME_ON_BOTH_DATABASES] } }] : []),
      "apps/web",
    ],
  },
});
