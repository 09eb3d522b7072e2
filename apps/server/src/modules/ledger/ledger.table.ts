import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgEnum, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/bookings.table.js';
import { payments } from '../payments/payments.table.js';
import { users } from '../users/users.table.js';

/**
 * PRODUCT §4 "Payments and ledger": `out` charges a confirmed booking at its final total (discount inside),
 * `in` is a payment, `reversal` un-charges a charged booking that is cancelled.
 */
export const ledgerEntryTypeEnum = pgEnum('ledger_entry_type', ['out', 'in', 'reversal']);

/** Numbers each version of a ledger row (decision 050): see `revision`. */
export const ledgerRevisionSequence = pgSequence('ledger_entries_revision_seq');

/**
 * The agent ledger (001 §2 Accounts): one row a posting, written by the booking and payment use cases in
 * the transaction that changes the booking or payment. Amounts are positive; the type gives the sign. Balance (what the agent owes) = sum(out) - sum(in) - sum(reversal); opening balance
 * + rows in a date range = closing balance. Walk-in sales have no agent and never appear here.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    agentUserId: integer('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** Set on `in` rows: the payment they mirror. An edited payment updates its row; a deleted one removes it. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    type: ledgerEntryTypeEnum('type').notNull(),
    amount: integer('amount').notNull(),
    /** The accounting date (Asia/Karachi): confirmation day for out, receive_date for in, cancel day for reversal. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Kept by the database, never written by the app (decision 049, migration 0013's triggers): the agent's balance
     * after this row, in the agent's date then posting (id) order, and the row as account-api's JSON text (its
     * keys in the contract's order, that balance and its booking's PNR inside). Restated for the row and every later
     * row of the agent by each statement that posts, edits or removes rows, and for the rows of a group whose PNR
     * changes; a row is only ever read after its statement, when both are right.
     */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    reportJson: text('report_json').notNull().default(''),
    /**
     * Kept by the database (decision 050, migration 0014's triggers): a number from ledger_entries_revision_seq drawn
     * each time the row is inserted or updated, while the agent's users row is locked (the posting's and the
     * restatement's lock, decision 049), so an agent's revisions grow in commit order. The ledger store
     * (ledger-store.ts) reads an agent's rows changed since the highest revision it holds.
     */
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('ledger_entries_revision_seq')`),
  },
  (t) => [
    check('ledger_entries_amount', sql`${t.amount} >= 0`),
    check('ledger_entries_payment', sql`(${t.type} = 'in') = (${t.paymentId} is not null)`),
    // Agent ledger and balance report: one agent's rows in date order.
    index('ledger_entries_agent_date_idx').on(t.agentUserId, t.entryDate, t.id),
    index('ledger_entries_booking_idx').on(t.bookingId),
    // The ledger store's refresh: one agent's rows changed since a revision.
    index('ledger_entries_agent_revision_idx').on(t.agentUserId, t.revision),
    uniqueIndex('ledger_entries_payment_unique').on(t.paymentId).where(sql`${t.paymentId} is not null`),
  ],
);

/**
 * Kept by the database (decision 050, migration 0014's triggers): one row each time a statement removes rows from an
 * agent's ledger (a deleted payment's row, a row moved to another agent), with a revision drawn under the agent's lock
 * after the removal. The ledger store reads the agent's whole ledger again when one is newer than what it holds.
 */
export const ledgerRemovals = pgTable(
  'ledger_removals',
  {
    agentUserId: integer('agent_user_id').notNull(),
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('ledger_entries_revision_seq')`),
  },
  (t) => [index('ledger_removals_agent_revision_idx').on(t.agentUserId, t.revision)],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntryRow = typeof ledgerEntries.$inferInsert;
export type LedgerEntryType = (typeof ledgerEntryTypeEnum.enumValues)[number];
