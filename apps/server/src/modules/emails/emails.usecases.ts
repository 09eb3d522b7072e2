import type { Paginated } from '@portal/contract/common';
import type { EmailDetail, EmailSummary, SendEmailBody } from '@portal/contract/emails';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import {
  createEmailAgentNotFoundError,
  createEmailAgentWithoutAddressError,
  createEmailAlreadyQueuedError,
  createEmailNotFoundError,
} from './emails.errors.js';
import { findAgentByNumber, findEmail, findEmailForUpdate, listEmails as listEmailRows, requeueEmail } from './emails.repository.js';
import type { EmailOutboxRow } from './emails.table.js';
import { enqueueEmail } from './outbox.js';

type SummaryRow = Pick<EmailOutboxRow, 'id' | 'to' | 'subject' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt'>;

function toEmailSummary(row: SummaryRow): EmailSummary {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** PRODUCT §5 Emails page: the outbox, newest first. */
export async function listEmails({ db, pageRequest }: { db: Database; pageRequest: PageRequest }): Promise<Paginated<EmailSummary>> {
  const { rows, total } = await listEmailRows({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map(toEmailSummary), total, pageRequest });
}

export async function getEmail({ db, id }: { db: Database; id: number }): Promise<EmailDetail> {
  const row = await findEmail({ db, id });
  if (!row) throw createEmailNotFoundError();
  return { ...toEmailSummary(row), text: row.text };
}

/**
 * PRODUCT §5 "resend": a sent or failed message goes back to the queue, due now, with a full set of attempts.
 * The row lock waits for a dispatcher's claim of the same row; a queued row is refused (409), since it is
 * already due or being sent and a second copy could go out.
 */
export async function resendEmail({ db, id }: { db: Database; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findEmailForUpdate({ db: tx, id });
    if (!row) throw createEmailNotFoundError();
    if (row.status === 'queued') throw createEmailAlreadyQueuedError();
    await requeueEmail({ db: tx, id, now: new Date() });
  });
}

/** Send Email (issue 6): a plain-text message from the admin to one agent, through the outbox like all mail. */
export async function sendEmailToAgent({ db, input }: { db: Database; input: SendEmailBody }): Promise<EmailSummary> {
  return db.transaction(async (tx) => {
    const agent = await findAgentByNumber({ db: tx, agentId: input.agent_id });
    if (!agent) throw createEmailAgentNotFoundError();
    if (!agent.email) throw createEmailAgentWithoutAddressError();
    const id = await enqueueEmail({ db: tx, email: { to: agent.email, subject: input.subject, text: input.message } });
    const row = await findEmail({ db: tx, id });
    return toEmailSummary(row!);
  });
}
