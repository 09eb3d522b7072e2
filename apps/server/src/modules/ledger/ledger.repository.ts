import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bookings } from '../bookings/bookings.table.js';
import { groups } from '../groups/groups.table.js';
import { payments } from '../payments/payments.table.js';
import { users } from '../users/users.table.js';
import { ledgerEntries } from './ledger.table.js';

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

/** A row's JSON string value, escaped by PostgreSQL as JSON.stringify escapes it (text holds no lone surrogates). */
const jsonString = (value: SQL) => sql`to_json(${value})::text`;

export interface LedgerReportText {
  openingBalance: number;
  closingBalance: number;
  /** The rows as the JSON array's inside (no brackets): each account-api row, its keys in the contract's order. */
  rowsJson: string;
}

/**
 * The agent's rows within from..to (both optional, included), in date order then posting order, each with the balance
 * after it, as JSON text built by the database in one statement (decision 042): one snapshot, and no per-row
 * object on the server. The opening balance is every row dated before `from` (0 without). The PNR is the row's
 * booking's group's. The booking use cases post every row under its booking's agent, so the agent's own bookings
 * are looked up first (bookings_agent_created_idx); a row on any other booking (none is known) makes the report run
 * again over every booking.
 */
export async function readLedgerReport(options: { db: Executor; agentUserId: number; from?: string | undefined; to?: string | undefined }): Promise<LedgerReportText> {
  const own = await readLedgerReportWith({ ...options, bookingsOf: options.agentUserId });
  return own.missingPnrs === 0 ? own : readLedgerReportWith({ ...options, bookingsOf: null });
}

async function readLedgerReportWith({
  db,
  agentUserId,
  from,
  to,
  bookingsOf,
}: {
  db: Executor;
  agentUserId: number;
  from?: string | undefined;
  to?: string | undefined;
  /** Whose bookings give the PNRs: one agent's, or (null) every booking. */
  bookingsOf: number | null;
}): Promise<LedgerReportText & { missingPnrs: number }> {
  const conditions: SQL[] = [eq(ledgerEntries.agentUserId, agentUserId)];
  if (from) conditions.push(gte(ledgerEntries.entryDate, from));
  if (to) conditions.push(lte(ledgerEntries.entryDate, to));
  const opening = from
    ? sql`(select coalesce(sum(${signedAmount}), 0) from ${ledgerEntries} where ${and(eq(ledgerEntries.agentUserId, agentUserId), lt(ledgerEntries.entryDate, from))})`
    : sql`0`;
  const ownBookings = bookingsOf === null ? sql`true` : eq(bookings.agentUserId, bookingsOf);
  const result = await db.execute(sql`
    select o.value::text as opening_balance,
           (o.value + coalesce(sum(r.signed), 0))::text as closing_balance,
           count(*) filter (where r.booking_id is not null and r.pnr is null)::int as missing_pnrs,
           coalesce(string_agg(
             '{"id":' || r.id || ',"receive_date":"' || r.entry_date::text || '","text":' || ${jsonString(sql`r.text`)}
               || ',"type":"' || r.type::text || '","receive_amount":' || r.amount || ',"balance":' || (o.value + r.running)
               || ',"pnr":' || coalesce(${jsonString(sql`r.pnr`)}, 'null') || ',"booking":' || coalesce(r.booking_id::text, 'null') || '}',
             ',' order by r.entry_date, r.id), '') as rows_json
      from (select ${opening}::bigint as value) o
      left join (
        select ${ledgerEntries.id} as id, ${ledgerEntries.entryDate} as entry_date, ${ledgerEntries.text} as text, ${ledgerEntries.type} as type,
               ${ledgerEntries.amount} as amount, ${ledgerEntries.bookingId} as booking_id, ${signedAmount} as signed,
               sum(${signedAmount}) over (order by ${ledgerEntries.entryDate}, ${ledgerEntries.id} rows between unbounded preceding and current row) as running,
               booking_pnr.pnr
          from ${ledgerEntries}
          left join (
            select ${bookings.id} as id, ${groups.pnr} as pnr
              from ${bookings} inner join ${groups} on ${groups.id} = ${bookings.groupId}
             where ${ownBookings}
          ) booking_pnr on booking_pnr.id = ${ledgerEntries.bookingId}
         where ${and(...conditions)}
      ) r on true
     group by o.value`);
  const [row] = (result as unknown as { rows: Array<{ opening_balance: string; closing_balance: string; missing_pnrs: number; rows_json: string }> }).rows;
  if (!row) throw new Error('the ledger report query answered no row');
  return {
    openingBalance: Number(row.opening_balance),
    closingBalance: Number(row.closing_balance),
    rowsJson: row.rows_json,
    missingPnrs: Number(row.missing_pnrs),
  };
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
