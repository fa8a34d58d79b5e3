// The e2e run's mail server: a real SMTP server (the one the server tests use) on SMTP_SINK_PORT that
// writes each message it receives as JSON into MAIL_SINK_DIR, where the specs read it (helpers.ts).
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpServer } from "../apps/server/test/smtp.ts";

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.MAIL_SINK_DIR;
if (!port || !dir) throw new Error("SMTP_SINK_PORT and MAIL_SINK_DIR must be set");
mkdirSync(dir, { recursive: true });
let count = 0;
await startSmtpServer({
  port,
  onMessage: (mail) => {
    count += 1;
    const file = path.join(dir, `${String(count).padStart(5, "0")}.json`);
    // Written whole, then renamed: a reader never sees half a message.
    writeFileSync(`${file}.tmp`, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }));
    renameSync(`${file}.tmp`, file);
  },
});
console.log(`mail sink listening on ${port}, writing to ${dir}`);
