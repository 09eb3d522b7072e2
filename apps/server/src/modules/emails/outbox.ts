import type { Executor } from '../../db/database.js';
import { emailOutbox } from './emails.table.js';

/** One message to send (PRODUCT §1 mail). Plain text always; html optional. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Puts a message in the outbox (status queued). Call it inside the transaction that decides to send it,
 * so the message exists exactly when the change does; the mail dispatcher sends it (with retries).
 * Returns the outbox row id.
 */
export async function enqueueEmail({ db, email }: { db: Executor; email: OutgoingEmail }): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    // Due now by this process's clock, the clock the dispatcher compares with: the database's now() carries
    // microseconds, so a dispatch in the same millisecond would find the row not yet due.
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html ?? null, nextAttemptAt: new Date() })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
