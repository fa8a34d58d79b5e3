import { defineConfig } from "vitest/config";

const common = {
  test: {
    root: import.meta.dirname,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-file.ts"],
    // Limits say how long a failing test takes to fail, not how fast a passing one must be: generous, so that a
    // loaded machine (the suite beside two busy processes ran at load 8) cannot fail a test that waits on real time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks" as const,
    // A worker loads the server's modules once for all the files it runs, not once per file (about 3.5 s a
    // file, a third of the suite's time): no server test mocks a module, and what a file sets up it tears
    // down (its database is closed by setup-file.ts, environment changes are restored).
    isolate: false,
  },
};

/** Server tests run on PGlite always, and again on a PostgreSQL server when TEST_DATABASE_URL is set. */
export default defineConfig({
  ...common,
  test: { ...common.test, name: "server" },
});
