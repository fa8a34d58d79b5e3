import path from "node:path";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedIfEmpty } from "./db/seed.ts";
import { DomainEvents } from "./events/domain-events.ts";
import { LoginLimiter } from "./modules/auth/login-limiter.ts";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Conversa cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"] });
  const webDist = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") });
  await database.migrate();
  const seed = await seedIfEmpty(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });

  const events = new DomainEvents((error, event) => logger.error({ err: error, event: event.name }, "event listener failed"));
  const app = await buildApp({
    config: { ...config, webDist },
    db: database.db,
    events,
    logger,
    auth: {
      db: database.db,
      events,
      tokens: { accessSecret: config.jwtSecret, refreshSecret: config.jwtRefreshSecret, accessTtl: config.accessTokenTtl, refreshTtl: config.refreshTokenTtl },
      limiter: new LoginLimiter(config.loginMaxFailures, config.loginWindowMs),
    },
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [``, `  Conversa is running at ${url}`, `  Database: ${database.kind === "pglite" ? `embedded (${path.join(config.dataDir, "pglite")})` : "PostgreSQL server"}`];
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
