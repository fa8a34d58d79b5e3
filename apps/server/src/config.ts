import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const KNOWN_WEAK_SECRETS = new Set(["secret", "changeme", "change-me", "conversa", "jwt_secret", "development"]);

/** An optional variable: an empty value (as compose files often leave it) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().optional(),
  JWT_REFRESH_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.string().email().default("admin@conversa.local"),
  ADMIN_PASSWORD: z.string().min(5).max(50).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ACCESS_TOKEN_TTL: z.string().default("15m"),
  REFRESH_TOKEN_TTL: z.string().default("7d"),
  WEB_DIST: z.string().optional(),
  SIMULATOR: z.enum(["on", "off"]).optional(),
  REDIS_URL: z.string().url().optional(),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  // Never echoed in an error: the URL may carry the mail server's password.
  SMTP_URL: unsetIfEmpty(
    z.string().refine((value) => URL.canParse(value) && ["smtp:", "smtps:"].includes(new URL(value).protocol), "must be an smtp:// or smtps:// URL"),
  ),
  MAIL_FROM: unsetIfEmpty(z.string().trim().min(3).max(320)),
  DATA_ENCRYPTION_KEY: unsetIfEmpty(z.string()),
  OPENAI_BASE_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), "must be an http:// or https:// URL")),
  BOT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  SPEECH_BASE_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value), "must be a URL")),
  DIALOGFLOW_API_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value), "must be a URL")),
  DIALOGFLOW_TOKEN_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value), "must be a URL")),
  PUBLIC_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), "must be an http:// or https:// URL")),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtRefreshSecret: string;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  accessTokenTtl: string;
  refreshTokenTtl: string;
  webDist: string | undefined;
  simulator: boolean;
  redisUrl: string | undefined;
  trustProxy: boolean;
  /** The mail server (smtp://user:pass@host:port, smtps:// for TLS from the start). Never logged. */
  smtpUrl: string | undefined;
  /** The From of every message the server sends. */
  mailFrom: string;
  /** Where users open the app (links in e-mails), without a trailing slash; outside production the server's own origin by default. */
  publicUrl: string | undefined;
  /** Encrypts the bots' secrets at rest (prompt API keys, integration credentials). Never logged, never in the database. */
  dataEncryptionKey: string;
  /** The chat-completions server prompts use when they name none (any OpenAI-compatible server), without a trailing slash. */
  openAiBaseUrl: string;
  /** How long one call to a model, speech service or integration may take. */
  botTimeoutMs: number;
  /** The speech synthesis service; by default Azure's endpoint of the prompt's voiceRegion. */
  speechBaseUrl: string | undefined;
  /** Dialogflow's API and Google's token endpoint. */
  dialogflowApiUrl: string;
  dialogflowTokenUrl: string;
}

/** The From of the messages when MAIL_FROM is not set (outside production). */
export const DEFAULT_MAIL_FROM = "Conversa <no-reply@conversa.local>";

export class ConfigError extends Error {}

function isStrongSecret(secret: string | undefined): secret is string {
  return secret !== undefined && secret.length >= 32 && !KNOWN_WEAK_SECRETS.has(secret.toLowerCase());
}

/**
 * Outside production a missing secret is generated once and kept in the data directory,
 * so sessions survive a restart. Production never falls back: it must be given its own.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment once. Throws ConfigError for anything a production server must not start with. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === "production";
  if (isProduction) {
    const weak = (["JWT_SECRET", "JWT_REFRESH_SECRET"] as const).filter((k) => !isStrongSecret(env[k]));
    if (weak.length > 0) {
      throw new ConfigError(`In production ${weak.join(" and ")} must be set to a secret of at least 32 characters of your own`);
    }
    if (env.JWT_SECRET === env.JWT_REFRESH_SECRET) {
      throw new ConfigError("In production JWT_SECRET and JWT_REFRESH_SECRET must differ");
    }
    if (!isStrongSecret(env.DATA_ENCRYPTION_KEY)) {
      throw new ConfigError("In production DATA_ENCRYPTION_KEY must be set to a secret of at least 32 characters of your own (it encrypts the bots' API keys)");
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      throw new ConfigError("In production MAIL_FROM must be set when SMTP_URL is (the sender the mail server accepts, e.g. Conversa <no-reply@example.com>)");
    }
  }
  const jwtSecret = isStrongSecret(env.JWT_SECRET) ? env.JWT_SECRET : localSecret(dataDir, "jwt-secret");
  const jwtRefreshSecret = isStrongSecret(env.JWT_REFRESH_SECRET) ? env.JWT_REFRESH_SECRET : localSecret(dataDir, "jwt-refresh-secret");
  const dataEncryptionKey = isStrongSecret(env.DATA_ENCRYPTION_KEY) ? env.DATA_ENCRYPTION_KEY : localSecret(dataDir, "data-encryption-key");
  const trimSlash = (url: string) => url.replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret,
    jwtRefreshSecret,
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    accessTokenTtl: env.ACCESS_TOKEN_TTL,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL,
    webDist: env.WEB_DIST,
    simulator: env.SIMULATOR ? env.SIMULATOR === "on" : !isProduction,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY === "true",
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    dataEncryptionKey,
    openAiBaseUrl: trimSlash(env.OPENAI_BASE_URL ?? "https://api.openai.com/v1"),
    botTimeoutMs: env.BOT_TIMEOUT_MS,
    speechBaseUrl: env.SPEECH_BASE_URL ? trimSlash(env.SPEECH_BASE_URL) : undefined,
    dialogflowApiUrl: trimSlash(env.DIALOGFLOW_API_URL ?? "https://dialogflow.googleapis.com"),
    dialogflowTokenUrl: env.DIALOGFLOW_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : isProduction ? undefined : `http://localhost:${env.PORT}`,
  };
}
