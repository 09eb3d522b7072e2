import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** A message the portal wrote as an .eml file under DATA_DIR/mail (no SMTP_URL, PRODUCT §1 mail). */
export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dataDir, 'mail');
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Headers and the text/plain part of one .eml file (single-part or multipart/alternative). */
function parseEml(raw: string): MailboxMessage {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  let encoding = header('Content-Transfer-Encoding');
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    const part = body.split(`--${boundary}`).find((chunk) => /content-type:\s*text\/plain/i.test(chunk)) ?? '';
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead)?.[1] ?? '';
    body = partBody.join('\n\n');
  }
  if (/quoted-printable/i.test(encoding)) body = decodeQuotedPrintable(body);
  else if (/base64/i.test(encoding)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to: header('To'), subject: header('Subject'), text: body };
}

async function readMailbox(): Promise<MailboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(mailDir())).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseEml(await readFile(path.join(mailDir(), name), 'utf8'))));
}

/** Waits for the newest message to `to` whose text matches `pattern`, and answers the pattern's first group. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await readMailbox()).filter((message) => message.to.toLowerCase().includes(to.toLowerCase()));
        for (const message of messages.reverse()) {
          const match = pattern.exec(message.text);
          if (match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs, message: `an e-mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}
