import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the test SMTP server received it. */
export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  from: string | undefined;
  subject: string;
  /** The plain-text part (empty when the message has none). */
  text: string;
  /** The HTML part, if any. */
  html: string | undefined;
  /** The message as delivered (headers and MIME parts). */
  raw: string;
  /** The user the client authenticated as, if it did. */
  user: string | undefined;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:{port}, to give the app as SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** The first message received for `to` (any case) after `after` messages, waiting up to `timeoutMs` for it. */
  nextMessageTo(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** Makes the server refuse every message (a mail server that is down for mail) until called with false. */
  refuseMessages(refuse: boolean): void;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** The port to listen on (0: any free one). */
  port?: number;
  /** The credentials it requires, when it should require some. */
  auth?: { user: string; pass: string };
  /** Called with each message once it was parsed. */
  onMessage?: (mail: ReceivedMail) => void;
}

const plainUser = (user: unknown): string | undefined => (typeof user === "string" ? user : undefined);

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: no TLS (the app's nodemailer talks plain
 * SMTP to it), authentication only when `auth` is given.
 */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusing) {
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((address) => address.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              subject: parsed.subject ?? "",
              text: /content-type:\s*text\/plain/i.test(raw.toString("utf8")) ? (parsed.text ?? "") : "",
              html: typeof parsed.html === "string" ? parsed.html : undefined,
              raw: raw.toString("utf8"),
              user: plainUser(session.user),
            };
            messages.push(mail);
            options.onMessage?.(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const nextMessageTo = (to: string, { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {}) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const find = () => messages.slice(after).find((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));
      const check = () => {
        const found = find();
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    nextMessageTo,
    refuseMessages(refuse) {
      refusing = refuse;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code of a reset or invitation mail, read from its plain-text part (the line that holds only the code). */
export function codeOf(mail: ReceivedMail): string {
  const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail's plain text:\n${mail.text}`);
  return code;
}
