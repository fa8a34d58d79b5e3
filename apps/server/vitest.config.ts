import { defineConfig } from "vitest/config";

const common = {
  test: {
    root: import.meta.dirname,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks" as const,
  },
};

/** Server tests run on PGlite always, and again on a PostgreSQL server when TEST_DATABASE_URL is set. */
export default defineConfig({
  ...common,
  test: { ...common.test, name: "server" },
});
