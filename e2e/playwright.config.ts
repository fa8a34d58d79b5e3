import path from "node:path";
import { defineConfig } from "@playwright/test";

/** E2E_PORT lets a second checkout run its browser tests beside this one (its own port, data directory and mail server). */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = PORT === 8181 ? ".e2e-data" : `.e2e-data-${PORT}`;
/** The SMTP server the e2e server sends its mail to (e2e/mail-sink.ts), and the folder where it leaves each message for the specs. */
const SMTP_PORT = PORT + 1000;
/** The fake Graph API (e2e/fake-graph-server.ts) that official-line connections call. */
export const FAKE_GRAPH_URL = `http://127.0.0.1:${PORT + 2000}`;
export const MAIL_DIR = path.resolve(import.meta.dirname, "..", PORT === 8181 ? ".e2e-mail" : `.e2e-mail-${PORT}`);
export const ADMIN_EMAIL = "admin@conversa.local";
export const ADMIN_PASSWORD = "E2e-admin-pass-1";

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
    // The journeys run as a user who asked the system for less motion: the app then shows every dialog,
    // menu and toast at once (no transition to wait out) and Chromium paints no animation frames.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  // Started in this order (the mail server first), before any spec and before a globalSetup would run.
  webServer: [
    {
      command: `rm -rf "${MAIL_DIR}" && npx tsx e2e/mail-sink.ts`,
      cwd: "..",
      port: SMTP_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { SMTP_SINK_PORT: String(SMTP_PORT), MAIL_SINK_DIR: MAIL_DIR },
    },
    {
      command: "npx tsx e2e/fake-graph-server.ts",
      cwd: "..",
      port: PORT + 2000,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_GRAPH_PORT: String(PORT + 2000) },
    },
    {
      command: `rm -rf ${DATA_DIR} && node apps/server/dist/main.js`,
      cwd: "..",
      url: `http://localhost:${PORT}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: "warn",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: "Conversa <no-reply@conversa.test>",
        PUBLIC_URL: `http://localhost:${PORT}`,
        // ai-prompt.spec.ts points a prompt at its own model server on 127.0.0.1: the installation allows it.
        EGRESS_ALLOW: "127.0.0.1",
        WHATSAPP_CLOUD_API_URL: FAKE_GRAPH_URL,
      },
    },
  ],
});
