import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP receiver for tests (issue 6: "a real SMTP receiver (npm smtp-server on loopback)").
 *
 *   const smtp = await startTestSmtpServer();
 *   // give the app smtp.url as SMTP_URL, or createMailTransport({ smtpUrl: smtp.url, ... })
 *   const mail = await smtp.waitForMessage((m) => m.to.includes('agent@example.com'));
 *   expect(mail.subject).toBe('Your login details');
 *   expect(mail.text).toContain('Password:');
 *   await smtp.close();
 *
 * It listens on 127.0.0.1 at a random port, without TLS (STARTTLS is not offered) and accepting any AUTH
 * login, so an SMTP_URL with or without user:pass works. Every accepted message is kept in `messages`.
 * `setRejection` makes it refuse messages (to test retries); a refused message is not kept.
 */

export interface ReceivedMessage {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** Decoded Subject header ('' without one). */
  subject: string;
  /** The text/plain body (the first text/plain part of a multipart message), decoded, line ends as \n. */
  text: string;
  /** Header names lower-cased, values unfolded and decoded (the last one wins when repeated). */
  headers: Record<string, string>;
  /** The whole message as received. */
  raw: string;
}

/**
 * Decides whether to refuse a message (after its data arrived): return an SMTP reply text to refuse it,
 * undefined to accept it. `code` defaults to 451 (a temporary failure, as a busy server answers).
 */
export type SmtpRejection = (message: ReceivedMessage) => { code?: number; text: string } | undefined;

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Accepted messages, in order of arrival. */
  messages: ReceivedMessage[];
  /** Resolves with the first accepted message (already received or arriving later) that matches. */
  waitForMessage(predicate?: (message: ReceivedMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  /** Refuse messages from now on as `rejection` says; null accepts everything again. */
  setRejection(rejection: SmtpRejection | null): void;
  /** How many messages were refused so far. */
  rejectedCount(): number;
  close(): Promise<void>;
}

export async function startTestSmtpServer({ rejection = null }: { rejection?: SmtpRejection | null } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const waiters = new Set<{ predicate: (message: ReceivedMessage) => boolean; resolve: (message: ReceivedMessage) => void }>();
  let currentRejection = rejection;
  let rejected = 0;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    closeTimeout: 1_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const message = parseMessage({ raw: Buffer.concat(chunks).toString('utf8'), session });
        const refusal = currentRejection?.(message);
        if (refusal) {
          rejected += 1;
          const error = new Error(refusal.text) as Error & { responseCode: number };
          error.responseCode = refusal.code ?? 451;
          callback(error);
          return;
        }
        messages.push(message);
        for (const waiter of waiters) {
          if (waiter.predicate(message)) {
            waiters.delete(waiter);
            waiter.resolve(message);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (message: ReceivedMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    setRejection(next) {
      currentRejection = next;
    },
    rejectedCount: () => rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- A small MIME reader: enough for what nodemailer writes (plain text, multipart, QP/base64, RFC 2047). ----

function parseMessage({ raw, session }: { raw: string; session: SMTPServerSession }): ReceivedMessage {
  const { headers, body } = splitEntity(raw);
  const mailFrom = session.envelope.mailFrom;
  return {
    from: mailFrom ? mailFrom.address : '',
    to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
    subject: headers.subject ?? '',
    text: findPlainText({ headers, body }) ?? '',
    headers,
    raw,
  };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const normalised = entity.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function findPlainText({ headers, body }: { headers: Record<string, string>; body: string }): string | undefined {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!boundary) return undefined;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const text = findPlainText(splitEntity(part.replace(/^\n/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!type.startsWith('text/plain')) return undefined;
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return decoded.replace(/\n$/, '');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), with the space between two of them dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
