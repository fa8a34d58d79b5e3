import { defineConfig } from "@playwright/test";

/** E2E_PORT lets a second checkout run its browser tests beside this one (its own port and data directory). */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = PORT === 8181 ? ".e2e-data" : `.e2e-data-${PORT}`;
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
    command: `rm -rf ${DATA_DIR} && node apps/server/dist/main.js`,
    cwd: "..",
    url: `http://localhost:${PORT}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(PORT), DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "warn" },
  },
});
