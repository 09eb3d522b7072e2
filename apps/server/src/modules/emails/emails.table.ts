import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const emailStatusEnum = pgEnum('email_status', ['queued', 'sent', 'failed']);

/**
 * Every outgoing e-mail (PRODUCT §1 mail, §5 Emails page: to, subject, status, resend). The mailer
 * claims queued rows whose next_attempt_at has come, and on failure sets last_error and a later
 * next_attempt_at, or `failed` after its last attempt. Resend puts a row back to queued.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: emailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxRow = typeof emailOutbox.$inferInsert;
export type EmailStatus = (typeof emailStatusEnum.enumValues)[number];
