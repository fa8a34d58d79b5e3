import os from "node:os";
import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log("TEST_DATABASE_URL is not set: server tests run on the embedded PGlite only (the server-postgres project is skipped).");
}

export default defineConfig({
  test: {
    // Every core: the server tests wait on their databases as much as they compute.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      "packages/shared",
      { extends: "./apps/server/vitest.config.ts", test: { name: "server" } },
      ...(postgres ? [{ extends: "./apps/server/vitest.config.ts", test: { name: "server-postgres", env: { TEST_DB: "postgres" } } }] : []),
      "apps/web",
    ],
  },
});
