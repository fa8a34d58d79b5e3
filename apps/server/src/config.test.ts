import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const strong = "a-very-long-production-secret-0123456789abcdef";
const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "conversa-config-"));

describe("loadConfig", () => {
  it("refuses to start in production without its own secrets", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(ConfigError);
  });

  it("refuses short, well-known or identical secrets in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "secret", JWT_REFRESH_SECRET: strong })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: strong })).toThrow(/differ/);
  });

  it("starts in production with strong secrets of its own and turns the simulator off", () => {
    const config = loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-r`, DATA_DIR: dataDir() });
    expect(config.jwtSecret).toBe(strong);
    expect(config.simulator).toBe(false);
  });

  it("outside production generates secrets once and keeps them in the data directory", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(first.jwtRefreshSecret).not.toBe(first.jwtSecret);
  });

  it("applies the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8080, adminEmail: "admin@conversa.local", simulator: true, databaseUrl: undefined });
  });

  it("rejects an invalid port", () => {
    expect(() => loadConfig({ PORT: "not-a-port", DATA_DIR: dataDir() })).toThrow(ConfigError);
  });
});
