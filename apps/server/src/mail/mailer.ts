import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import { AppError } from "../lib/app-error.ts";

/** One message: a plain-text part always (every client reads it), an HTML alternative when given. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * How the server sends mail: through the SMTP server of SMTP_URL; outside production without it, as
 * .eml files under DATA_DIR/mail (so that the product works with no mail server); in production
 * without it, not at all (what needs mail answers ERR_MAIL_NOT_CONFIGURED).
 */
export type MailerKind = "smtp" | "file" | "disabled";

export interface Mailer {
  readonly kind: MailerKind;
  /** False when the server has no way to send mail (production without SMTP_URL). */
  readonly enabled: boolean;
  /** Sends one message. Throws ERR_MAIL_NOT_CONFIGURED (disabled) or ERR_MAIL_SEND_FAILED (refused, unreachable). */
  send(message: MailMessage): Promise<void>;
  /** Closes the SMTP connections, if any. */
  close(): void;
}

/** A mail server that does not answer should not hold a request for nodemailer's default two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * What of a failed send may be logged: its code, the server's reply code and the message. Never the
 * transport's options or the whole error object, which may carry the SMTP credentials.
 */
function describeFailure(error: unknown): { code?: unknown; responseCode?: unknown; message: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  return { code: "code" in error ? error.code : undefined, responseCode: "responseCode" in error ? error.responseCode : undefined, message: error.message };
}

function smtpMailer(config: Config & { smtpUrl: string }, logger: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }, { from: config.mailFrom });
  return {
    kind: "smtp",
    enabled: true,
    async send(message) {
      try {
        const info = await transport.sendMail(message);
        logger.info({ messageId: info.messageId }, "mail sent");
      } catch (error) {
        logger.error({ mailError: describeFailure(error) }, "mail not sent: the mail server refused it or could not be reached");
        throw new AppError("ERR_MAIL_SEND_FAILED");
      }
    },
    close: () => transport.close(),
  };
}

/** Development and tests without a mail server: each message becomes a file the developer opens in a mail client. */
function fileMailer(config: Config, logger: FastifyBaseLogger, mailDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from: config.mailFrom });
  return {
    kind: "file",
    enabled: true,
    async send(message) {
      const info = await transport.sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error("the stream transport answered no buffer");
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      // Named by time and a random part, never by the recipient: the folder listing shows no address.
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      logger.info({ file }, "mail written to a file (SMTP_URL is not set)");
    },
    close: () => transport.close(),
  };
}

function disabledMailer(): Mailer {
  return {
    kind: "disabled",
    enabled: false,
    send() {
      return Promise.reject(new AppError("ERR_MAIL_NOT_CONFIGURED", undefined, "This server has no mail configured (SMTP_URL)"));
    },
    close() {},
  };
}

/**
 * The mailer of the configuration (see MailerKind), with one startup log line saying which it is.
 * `mailDir` is where the file mailer writes (DATA_DIR/mail unless told).
 */
export function createMailer(config: Config, logger: FastifyBaseLogger, mailDir = path.join(config.dataDir, "mail")): Mailer {
  if (config.smtpUrl) {
    const mailer = smtpMailer({ ...config, smtpUrl: config.smtpUrl }, logger);
    logger.info("mail: sent through the SMTP server of SMTP_URL");
    return mailer;
  }
  if (config.env !== "production") {
    logger.info({ mailDir }, "mail: SMTP_URL is not set, messages are written as .eml files");
    return fileMailer(config, logger, mailDir);
  }
  logger.error("mail: SMTP_URL is not set, so password reset and account invitations are off (set SMTP_URL and MAIL_FROM to turn them on)");
  return disabledMailer();
}
