import { defineConfig } from "@playwright/test";

const PORT = 8181;
export const ADMIN_EMAIL = "admin@conversa.local";
export const ADMIN_PASSWORD = "e2e-admin-pass";

/** Drives the built app, started on a fresh embedded database, in the system's Chromium. */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "pt-BR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "rm -rf .e2e-data && node apps/server/dist/main.js",
    cwd: "..",
    url: `http://localhost:${PORT}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(PORT), DATA_DIR: ".e2e-data", ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "warn" },
  },
});
