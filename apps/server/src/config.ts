import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { ZPassword } from "@conversa/shared";
import { z } from "zod";
import { type EgressAllow, parseEgressAllow } from "./lib/egress.ts";

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
  /** The seeded super admin's password: the product's one password rule (packages/shared schemas/passwords.ts). */
  ADMIN_PASSWORD: ZPassword.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ACCESS_TOKEN_TTL: z.string().default("15m"),
  REFRESH_TOKEN_TTL: z.string().default("7d"),
  WEB_DIST: z.string().optional(),
  SIMULATOR: z.enum(["on", "off"]).optional(),
  REDIS_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value) && ["redis:", "rediss:"].includes(new URL(value).protocol), "must be a redis:// or rediss:// URL")),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, "letters, digits and _ . : - only").default("conversa"),
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, "must be at least 16 characters").max(500)),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  // Never echoed in an error: the URL may carry the mail server's password.
  SMTP_URL: unsetIfEmpty(
    z.string().refine((value) => URL.canParse(value) && ["smtp:", "smtps:"].includes(new URL(value).protocol), "must be an smtp:// or smtps:// URL"),
  ),
  MAIL_FROM: unsetIfEmpty(z.string().trim().min(3).max(320)),
  CORS_ORIGINS: unsetIfEmpty(z.string().max(4000)),
  REFRESH_COOKIE_SAMESITE: unsetIfEmpty(z.enum(["strict", "lax", "none"])),
  PAYMENT_PROVIDER: unsetIfEmpty(z.enum(["simulator", "efi", "off"])),
  PAYMENT_WEBHOOK_SECRET: unsetIfEmpty(z.string()),
  PIX_KEY: unsetIfEmpty(z.string().trim().min(1).max(77)),
  PIX_MERCHANT_NAME: unsetIfEmpty(z.string().trim().min(1).max(100)),
  PIX_MERCHANT_CITY: unsetIfEmpty(z.string().trim().min(1).max(100)),
  INVOICE_LEAD_DAYS: z.coerce.number().int().min(1).max(60).default(10),
  EFI_BASE_URL: z.string().url().default("https://pix.api.efipay.com.br"),
  EFI_CLIENT_ID: unsetIfEmpty(z.string()),
  EFI_CLIENT_SECRET: unsetIfEmpty(z.string()),
  EFI_CERTIFICATE: unsetIfEmpty(z.string()),
  EFI_CERTIFICATE_PASSPHRASE: unsetIfEmpty(z.string()),
  EFI_CA: unsetIfEmpty(z.string()),
  DATA_ENCRYPTION_KEY: unsetIfEmpty(z.string()),
  OPENAI_BASE_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), "must be an http:// or https:// URL")),
  WHATSAPP_CLOUD_API_URL: unsetIfEmpty(z.string().refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), "must be an http:// or https:// URL")),
  BOT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  BOT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  EGRESS_ALLOW: unsetIfEmpty(
    z.string().max(4000).superRefine((value, issue) => {
      try {
        parseEgressAllow(value);
      } catch (error) {
        issue.addIssue({ code: "custom", message: `${error instanceof Error ? error.message : "malformed"} (comma-separated host names and CIDRs, e.g. n8n.internal,10.0.0.0/24)` });
      }
    }),
  ),
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
  /** Prefix of every Redis key and channel of this installation (installations may share one Redis). */
  redisPrefix: string;
  /** Opens GET /metrics to requests bearing it; without it the route does not exist. Never logged. */
  metricsToken: string | undefined;
  trustProxy: boolean;
  /** The mail server (smtp://user:pass@host:port, smtps:// for TLS from the start). Never logged. */
  smtpUrl: string | undefined;
  /** The From of every message the server sends. */
  mailFrom: string;
  /** Where users open the app (links in e-mails), without a trailing slash; outside production the server's own origin by default. */
  publicUrl: string | undefined;
  /**
   * Web origins on other hosts allowed to call the API and the realtime server with credentials
   * (exact `scheme://host[:port]`); none by default: only the app served by the server itself.
   */
  corsOrigins: string[];
  /** The SameSite attribute of the refresh cookie: `strict` by default; `none` (always Secure) for a web app on another site. */
  refreshCookieSameSite: "strict" | "lax" | "none";
  /** Encrypts the bots' secrets at rest (prompt API keys, integration credentials). Never logged, never in the database. */
  dataEncryptionKey: string;
  /** The chat-completions server prompts use when they name none (any OpenAI-compatible server), without a trailing slash. */
  openAiBaseUrl: string;
  /** The Graph API of WhatsApp Cloud API connections (Meta's versioned URL, or a fake in tests), without a trailing slash. */
  whatsappCloudApiUrl: string;
  /** How long one call to a model, speech service or integration may take (the wait for a free slot included). */
  botTimeoutMs: number;
  /** How many outbound bot calls (models, speech, integrations, images) one process makes at once; the others wait. */
  botConcurrency: number;
  /**
   * Internal hosts and networks that the URLs of companies created by the provider may reach (EGRESS_ALLOW):
   * a company's URLs reach only public addresses otherwise, and those of signed-up companies always.
   */
  egressAllow: EgressAllow;
  /** The speech synthesis service; by default Azure's endpoint of the prompt's voiceRegion. */
  speechBaseUrl: string | undefined;
  /** Dialogflow's API and Google's token endpoint. */
  dialogflowApiUrl: string;
  dialogflowTokenUrl: string;
  billing: BillingConfig;
}

/** The EFI (ex-Gerencianet) Pix API: OAuth client credentials over mutual TLS. Secrets never logged. */
export interface EfiConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Path of the client certificate: a PEM file holding certificate and key, or a PKCS#12 (.p12/.pfx) file. */
  certificatePath: string;
  certificatePassphrase: string | undefined;
  /** Path of a PEM file of extra certificate authorities to trust (a test server's); the system's otherwise. */
  caPath: string | undefined;
}

export interface BillingConfig {
  /** Who makes and settles the Pix charges: the built-in simulator, EFI, or nobody (checkout answers ERR_PAYMENTS_NOT_CONFIGURED). */
  provider: "simulator" | "efi" | null;
  /** Authenticates payment confirmations (the simulator's signature, the secret of EFI's webhook URL). Never logged. */
  webhookSecret: string;
  /** The receiver's Pix key of static BR Codes (the simulator's). */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** How many days before a company's due date its invoice is created. */
  invoiceLeadDays: number;
  efi: EfiConfig | undefined;
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

/**
 * `CORS_ORIGINS`: a comma-separated list of exact origins. Each is an http(s) URL with no path, query,
 * credentials or wildcard; its canonical form (lower-case host, default port left out) is what a
 * browser sends in `Origin`.
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  const origins = value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  return [
    ...new Set(
      origins.map((item) => {
        const url = URL.canParse(item) ? new URL(item) : undefined;
        const isOrigin =
          url !== undefined &&
          ["http:", "https:"].includes(url.protocol) &&
          !item.includes("*") &&
          url.username === "" &&
          url.password === "" &&
          url.search === "" &&
          url.hash === "" &&
          (url.pathname === "/" || url.pathname === "") &&
          !/\/./.test(item.replace(/^https?:\/\//i, ""));
        if (!isOrigin) throw new ConfigError(`Invalid environment: CORS_ORIGINS: "${item}" is not an origin (e.g. https://app.example.com)`);
        return url.origin;
      }),
    ),
  ];
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
  const billing = billingConfig(env, dataDir, isProduction, env.SIMULATOR ? env.SIMULATOR === "on" : !isProduction);
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
    redisPrefix: env.REDIS_PREFIX,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY === "true",
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    billing,
    dataEncryptionKey,
    openAiBaseUrl: trimSlash(env.OPENAI_BASE_URL ?? "https://api.openai.com/v1"),
    whatsappCloudApiUrl: trimSlash(env.WHATSAPP_CLOUD_API_URL ?? "https://graph.facebook.com/v23.0"),
    botTimeoutMs: env.BOT_TIMEOUT_MS,
    botConcurrency: env.BOT_CONCURRENCY,
    egressAllow: parseEgressAllow(env.EGRESS_ALLOW),
    speechBaseUrl: env.SPEECH_BASE_URL ? trimSlash(env.SPEECH_BASE_URL) : undefined,
    dialogflowApiUrl: trimSlash(env.DIALOGFLOW_API_URL ?? "https://dialogflow.googleapis.com"),
    dialogflowTokenUrl: env.DIALOGFLOW_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : isProduction ? undefined : `http://localhost:${env.PORT}`,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    refreshCookieSameSite: env.REFRESH_COOKIE_SAMESITE ?? "strict",
  };
}

/**
 * The payment side of the environment. The provider is EFI when its client id is set, else the simulator
 * when the simulator is on (never by default in production), unless PAYMENT_PROVIDER says otherwise.
 * Production never falls back to a generated webhook secret.
 */
function billingConfig(env: z.output<typeof ZEnv>, dataDir: string, isProduction: boolean, simulatorOn: boolean): BillingConfig {
  const provider = env.PAYMENT_PROVIDER === "off" ? null : (env.PAYMENT_PROVIDER ?? (env.EFI_CLIENT_ID ? "efi" : simulatorOn ? "simulator" : null));
  let efi: EfiConfig | undefined;
  if (provider === "efi") {
    const missing = (["EFI_CLIENT_ID", "EFI_CLIENT_SECRET", "EFI_CERTIFICATE", "PIX_KEY"] as const).filter((key) => !env[key]);
    if (missing.length > 0) throw new ConfigError(`The EFI payment provider needs ${missing.join(", ")}`);
    efi = {
      baseUrl: env.EFI_BASE_URL.replace(/\/+$/, ""),
      clientId: env.EFI_CLIENT_ID!,
      clientSecret: env.EFI_CLIENT_SECRET!,
      certificatePath: env.EFI_CERTIFICATE!,
      certificatePassphrase: env.EFI_CERTIFICATE_PASSPHRASE,
      caPath: env.EFI_CA,
    };
  }
  if (isProduction && provider !== null && !isStrongSecret(env.PAYMENT_WEBHOOK_SECRET)) {
    throw new ConfigError("In production PAYMENT_WEBHOOK_SECRET must be set to a secret of at least 32 characters of your own when payments are on");
  }
  return {
    provider,
    // Production without payments: a secret nobody knows, so that no confirmation can ever be accepted.
    webhookSecret: isStrongSecret(env.PAYMENT_WEBHOOK_SECRET)
      ? env.PAYMENT_WEBHOOK_SECRET
      : isProduction
        ? randomBytes(48).toString("base64url")
        : localSecret(dataDir, "payment-webhook-secret"),
    pixKey: env.PIX_KEY ?? "pagamentos@conversa.local",
    merchantName: env.PIX_MERCHANT_NAME ?? "Conversa",
    merchantCity: env.PIX_MERCHANT_CITY ?? "Sao Paulo",
    invoiceLeadDays: env.INVOICE_LEAD_DAYS,
    efi,
  };
}
