import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bookings } from '../bookings/bookings.table.js';
import { payments } from '../payments/payments.table.js';
import { users } from '../users/users.table.js';
import { ledgerEntries, ledgerRemovals } from './ledger.table.js';

/**
 * Queries of the agent ledger and the balance report (001 §2 Accounts, Agents Balance). Balance = what the agent
 * owes: `out` rows add, `in` and `reversal` rows subtract (PRODUCT §4 "Payments and ledger").
 */

/** A row's effect on the balance. */
const signedAmount = sql`(case when ${ledgerEntries.type} = 'out' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end)`;

/** bigint sums arrive as strings from node-postgres; balances fit a JS number. */
export const sumOfSigned = sql<number>`coalesce(sum(${signedAmount}), 0)::bigint`.mapWith(Number);

/** An agent (role user) by its number, deleted or not: a deleted agent's ledger stays readable (PRODUCT §4). */
export async function findAgentByNumber({ db, agentNumber }: { db: Executor; agentNumber: number }) {
  const [row] = await db
    .select({ id: users.id, agentId: users.agentId, name: users.name, agencyName: users.agencyName })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.agentId, agentNumber)))
    .limit(1);
  return row;
}

export async function findAgentById({ db, userId }: { db: Executor; userId: number }) {
  const [row] = await db
    .select({ id: users.id, agentId: users.agentId, name: users.name, agencyName: users.agencyName })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.id, userId)))
    .limit(1);
  return row;
}

export type LedgerAgent = NonNullable<Awaited<ReturnType<typeof findAgentById>>>;

export interface LedgerReportText {
  openingBalance: number;
  closingBalance: number;
  /** The rows as the JSON array's inside (no brackets): each account-api row, its keys in the contract's order. */
  rowsJson: string;
}

/** The agent's balance after its last row dated before `date` (`before`) or on or before it: 0 without such a row. */
const balanceAt = (agentUserId: number, date: string, edge: 'before' | 'through') =>
  sql`coalesce((select ${ledgerEntries.balance} from ${ledgerEntries}
     where ${ledgerEntries.agentUserId} = ${agentUserId} and ${ledgerEntries.entryDate} ${edge === 'before' ? sql`<` : sql`<=`} ${date}
     order by ${ledgerEntries.entryDate} desc, ${ledgerEntries.id} desc limit 1), 0)`;

/** The agent's balance after its last row: 0 without rows. */
const lastBalance = (agentUserId: number) =>
  sql`coalesce((select ${ledgerEntries.balance} from ${ledgerEntries} where ${ledgerEntries.agentUserId} = ${agentUserId}
     order by ${ledgerEntries.entryDate} desc, ${ledgerEntries.id} desc limit 1), 0)`;

/**
 * The agent's rows within from..to (both optional, included), in date order then posting order, as account-api's
 * JSON text, in one statement (one snapshot). Each row keeps its text and the agent's balance after it, written by
 * the database's triggers whenever rows post, change or go (decision 049, migration 0013): so the report joins
 * stored texts rather than summing and formatting every row (decision 042 did both here, on every request). The
 * opening balance is the balance after the last row dated before `from` (0 without `from`), the closing one after the
 * last row dated on or before `to` (the last row without `to`).
 */
export async function readLedgerReport({
  db,
  agentUserId,
  from,
  to,
}: {
  db: Executor;
  agentUserId: number;
  from?: string | undefined;
  to?: string | undefined;
}): Promise<LedgerReportText> {
  const conditions: SQL[] = [eq(ledgerEntries.agentUserId, agentUserId)];
  if (from) conditions.push(gte(ledgerEntries.entryDate, from));
  if (to) conditions.push(lte(ledgerEntries.entryDate, to));
  const result = await db.execute(sql`
    select ${from ? balanceAt(agentUserId, from, 'before') : sql`0`}::text as opening_balance,
           ${to ? balanceAt(agentUserId, to, 'through') : lastBalance(agentUserId)}::text as closing_balance,
           (select coalesce(string_agg(${ledgerEntries.reportJson}, ',' order by ${ledgerEntries.entryDate}, ${ledgerEntries.id}), '')
              from ${ledgerEntries} where ${and(...conditions)}) as rows_json`);
  const [row] = (result as unknown as { rows: Array<{ opening_balance: string; closing_balance: string; rows_json: string }> }).rows;
  if (!row) throw new Error('the ledger report query answered no row');
  const openingBalance = Number(row.opening_balance);
  // No row in the range: the balance does not move within it (a to before from, which the contract refuses, included).
  return { openingBalance, closingBalance: row.rows_json === '' ? openingBalance : Number(row.closing_balance), rowsJson: row.rows_json };
}

/** An agent's rows written since a revision (decision 050). */
export interface LedgerChanges {
  /** A statement removed rows from the agent's ledger since `since` (ledger_removals): read it whole. */
  removed: boolean;
  /** The highest revision among the agent's rows read and its removals; `since` when none was. */
  revision: number;
  /** The changed rows' account-api texts joined by commas, in report order. */
  rowsJson: string;
}

/**
 * The agent's rows whose revision is above `since` (every row from 0), and whether rows were removed since, in one
 * statement (one snapshot). Revisions are drawn under the agent's lock (migration 0014), so no row or removal with a
 * lower revision than one read here commits after this statement. Both look-ups go by (agent, revision) indexes.
 */
export async function readLedgerChanges({ db, agentUserId, since }: { db: Executor; agentUserId: number; since: number }): Promise<LedgerChanges> {
  const result = await db.execute(sql`
    select removals.revision::text as removed,
           greatest(max(${ledgerEntries.revision}), removals.revision, ${since})::text as revision,
           coalesce(string_agg(${ledgerEntries.reportJson}, ',' order by ${ledgerEntries.entryDate}, ${ledgerEntries.id}), '') as rows_json
      from (select max(${ledgerRemovals.revision}) as revision from ${ledgerRemovals}
             where ${ledgerRemovals.agentUserId} = ${agentUserId} and ${ledgerRemovals.revision} > ${since}) removals
      left join ${ledgerEntries} on ${ledgerEntries.agentUserId} = ${agentUserId} and ${ledgerEntries.revision} > ${since}
     group by removals.revision`);
  const [row] = (result as unknown as { rows: Array<{ removed: string | null; revision: string; rows_json: string }> }).rows;
  if (!row) throw new Error('the ledger changes query answered no row');
  return { removed: row.removed !== null, revision: Number(row.revision), rowsJson: row.rows_json };
}

/**
 * The agents whose ledgers hold at least `minRows` rows, the longest first (decision 076: the ledgers warmed at start).
 * Counted from ledger_entries_agent_date_idx.
 */
export async function listLongestLedgers({ db, minRows }: { db: Executor; minRows: number }): Promise<number[]> {
  const rows = await db
    .select({ agentUserId: ledgerEntries.agentUserId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.agentUserId)
    .having(gte(count(), minRows))
    .orderBy(desc(count()), asc(ledgerEntries.agentUserId));
  return rows.map((row) => row.agentUserId);
}

/**
 * Locks the users row of the agent whose ledger holds the payment's row, before that row is edited or removed (decision
 * 049): the restatement trigger locks it too, and an edit that held the row while waiting for the agent would
 * deadlock with another restatement of that agent waiting for the row.
 */
export async function lockLedgerOfPayment({ db, paymentId }: { db: Executor; paymentId: number }): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql`(select ${ledgerEntries.agentUserId} from ${ledgerEntries} where ${ledgerEntries.paymentId} = ${paymentId})`))
    .for('no key update');
}

/** Closing balance per agent. */
function agentBalancesSubquery(db: Executor) {
  return db
    .select({ agentUserId: ledgerEntries.agentUserId, balance: sumOfSigned.as('balance') })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.agentUserId)
    .as('agent_balances');
}

/**
 * The Balance Report's agents (ledger.ts decisions): approved and not deleted, or with ledger rows (a deleted or
 * rejected agent that still owes stays listed). Most owed first, then by agent number.
 */
export async function listAgentBalances({ db, limit, offset = 0 }: { db: Executor; limit?: number; offset?: number }) {
  const balances = agentBalancesSubquery(db);
  const balance = sql<number>`coalesce(${balances.balance}, 0)`.mapWith(Number);
  const where = and(
    eq(users.role, 'user'),
    isNotNull(users.agentId),
    sql`((${users.activeStatus} = 'approved' and ${users.deletedAt} is null) or ${balances.agentUserId} is not null)`,
  );
  // The latest live payment of the agent's bookings; date as text so both drivers answer YYYY-MM-DD.
  const lastPaid = sql<string | null>`(${db
    .select({ value: sql`max(${payments.receiveDate})::text` })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.agentUserId, users.id), isNull(payments.deletedAt)))})`;

  const query = db
    .select({
      agentId: users.agentId,
      name: users.name,
      agencyName: users.agencyName,
      lastPaid,
      balance,
    })
    .from(users)
    .leftJoin(balances, eq(balances.agentUserId, users.id))
    .where(where)
    .orderBy(desc(balance), asc(users.agentId))
    .$dynamic();
  // Without a limit: the whole report (its xlsx).
  const rows = await (limit === undefined ? query : query.limit(limit).offset(offset));
  const [total] = await db
    .select({ value: count() })
    .from(users)
    .leftJoin(balances, eq(balances.agentUserId, users.id))
    .where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export type AgentBalanceListRow = Awaited<ReturnType<typeof listAgentBalances>>['rows'][number];
