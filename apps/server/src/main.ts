import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createLogger } from "./lib/logger.ts";
import { seedIfEmpty } from "./db/seed.ts";
import { DomainEvents } from "./events/domain-events.ts";
import { createPlatform } from "./platform.ts";
import { installProcessGuards } from "./process-guards.ts";

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Conversa cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** The longest a stop may take before the process ends regardless (every step has a shorter limit of its own). */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main(): Promise<void> {
  const loaded = configOrExit();
  const config: Config = { ...loaded, webDist: loaded.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist") };
  const logger = createLogger(config.logLevel);
  installProcessGuards(logger);

  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, log: logger } : { dataDir: path.join(config.dataDir, "pglite") });
  await database.migrate();
  const seed = await seedIfEmpty(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });

  const events = new DomainEvents((error, event) => logger.error({ err: error, event: event.name }, "event listener failed"));
  const platform = createPlatform(config, database, logger, events);
  const app = await buildApp(platform);

  // Stopping takes a few seconds at most: requests in flight get CLOSE_GRACE_MS, running jobs
  // STOP_GRACE_MS (then they are handed back to the queue), and nothing connected holds the close.
  // Should a step still hang, the process ends anyway, with a failure code.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const deadline = setTimeout(() => {
      logger.error({ signal, ms: SHUTDOWN_DEADLINE_MS }, "shutdown did not finish in time: exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    let code = 0;
    for (const [step, run] of [
      ["http", () => app.close()],
      ["platform", () => platform.stop()],
      ["database", () => database.close()],
    ] as const) {
      try {
        await run();
      } catch (error) {
        logger.error({ err: error, step }, "shutdown step failed");
        code = 1;
      }
    }
    process.exit(code);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  await platform.start();

  const url = `http://localhost:${config.port}`;
  const lines = [``, `  Conversa is running at ${url}`, `  Database: ${database.kind === "pglite" ? `embedded (${path.join(config.dataDir, "pglite")})` : "PostgreSQL server"}`];
  if (config.simulator) lines.push(`  WhatsApp simulator: ${url}/simulator`);
  lines.push(
    platform.mailer.kind === "smtp"
      ? "  Mail: sent through SMTP_URL"
      : platform.mailer.kind === "file"
        ? `  Mail: no SMTP_URL, messages are written to ${path.join(config.dataDir, "mail")}`
        : "  Mail: off (no SMTP_URL): password reset is unavailable",
  );
  if (seed.seeded) {
    lines.push(`  Log in as ${seed.adminEmail}`);
    lines.push(seed.generatedPassword ? `  Password: ${seed.generatedPassword}   (generated now and shown only once; set ADMIN_PASSWORD to choose it)` : `  Password: the ADMIN_PASSWORD you set`);
  } else {
    lines.push(`  Log in with the account created on the first start (ADMIN_EMAIL, default ${config.adminEmail}).`);
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

main().catch((error: unknown) => {
  console.error("Conversa failed to start", error);
  process.exit(1);
});
