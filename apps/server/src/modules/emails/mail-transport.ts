import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';

/** One message as the dispatcher hands it over (an outbox row). */
export interface MailMessage {
  /** The outbox row id: goes into the .eml file name, so two files never share one. */
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** The one way mail leaves the application (PRODUCT §1 mail). `send` throws when the message was not accepted. */
export interface MailTransport {
  /** Where messages go, for logs ("smtp://host:port" without credentials, or the .eml directory). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP waits that stay well inside the dispatcher's lease (mail-dispatcher.ts), so a send that hangs fails and
 * is retried instead of outliving its claim; nodemailer's own default socket timeout is 10 minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * PRODUCT §1/§2: with SMTP_URL every message goes through that server; without it each message is written as
 * an .eml file under DATA_DIR/mail, named `<UTC time>-<outbox id>-<random>.eml` (emlFileName) so the files sort by time and
 * never collide.
 */
export function createMailTransport({
  smtpUrl,
  mailFrom,
  dataDir,
}: {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}): MailTransport {
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    // URL options (user, password, ?tls...) as nodemailer reads them, with our time limits unless the URL sets its own.
    const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(smtpUrl) });
    return {
      description: `${url.protocol}//${url.host}`,
      async send(message) {
        await transporter.sendMail(toMail({ message, mailFrom }));
      },
      close: () => transporter.close(),
    };
  }

  const mailDir = path.join(dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: mailDir,
    async send(message) {
      const info = await transporter.sendMail(toMail({ message, mailFrom }));
      await mkdir(mailDir, { recursive: true });
      await writeFile(path.join(mailDir, emlFileName({ id: message.id })), info.message as Buffer, { flag: 'wx' });
    },
    close: () => transporter.close(),
  };
}

function toMail({ message, mailFrom }: { message: MailMessage; mailFrom: string }) {
  return { from: mailFrom, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) };
}

/**
 * `2026-11-23T10-15-30-123Z-0000000042-a1b2c3.eml`: ISO time with file-safe separators, then the row id padded
 * so that messages of the same millisecond still sort in outbox order; the random tail keeps a resent
 * message's new file apart from its old one.
 */
export function emlFileName({ id, now = new Date() }: { id: number; now?: Date }): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  return `${time}-${String(id).padStart(10, '0')}-${randomBytes(3).toString('hex')}.eml`;
}
