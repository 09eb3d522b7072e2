import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
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

/** The agent's balance from every row dated before `before` (YYYY-MM-DD): the opening balance of a range. */
export async function sumLedgerBefore({ db, agentUserId, before }: { db: Executor; agentUserId: number; before: string }): Promise<number> {
  const [row] = await db
    .select({ balance: sumOfSigned })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.agentUserId, agentUserId), lt(ledgerEntries.entryDate, before)));
  return row?.balance ?? 0;
}

/**
 * The agent's rows within from..to (both optional, included), in date order then posting order, each with the
 * running sum of the listed rows (the caller adds the opening balance) and its booking's PNR. The PNRs come from
 * a second query (bookingPnrs): joining bookings here hashed every booking of every agent for each report.
 */
export async function listLedgerRows({
  db,
  agentUserId,
  from,
  to,
}: {
  db: Executor;
  agentUserId: number;
  from?: string | undefined;
  to?: string | undefined;
}) {
  const conditions: SQL[] = [eq(ledgerEntries.agentUserId, agentUserId)];
  if (from) conditions.push(gte(ledgerEntries.entryDate, from));
  if (to) conditions.push(lte(ledgerEntries.entryDate, to));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      entryDate: ledgerEntries.entryDate,
      text: ledgerEntries.text,
      type: ledgerEntries.type,
      amount: ledgerEntries.amount,
      bookingId: ledgerEntries.bookingId,
      runningSum: sql<number>`sum(${signedAmount}) over (order by ${ledgerEntries.entryDate}, ${ledgerEntries.id} rows between unbounded preceding and current row)::bigint`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .where(and(...conditions))
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
  const pnrs = await bookingPnrs({ db, agentUserId, bookingIds: rows.flatMap((row) => (row.bookingId === null ? [] : [row.bookingId])) });
  // Every booking has a group, so a row with a booking always has a PNR.
  return rows.map((row) => ({ ...row, pnr: row.bookingId === null ? null : (pnrs.get(row.bookingId) ?? null) }));
}

/** Up to this many bookings are looked up by id; more, and the agent's bookings are read through their index instead. */
const PNR_LOOKUP_BY_ID_MAX = 500;

/**
 * The PNR of each of these bookings. A long ledger reads the agent's bookings (bookings_agent_created_idx): the
 * booking use cases post every row under its booking's agent, so that finds them all, and any other booking is
 * still looked up by id.
 */
async function bookingPnrs({ db, agentUserId, bookingIds }: { db: Executor; agentUserId: number; bookingIds: number[] }): Promise<Map<number, string>> {
  const wanted = [...new Set(bookingIds)];
  const select = () => db.select({ id: bookings.id, pnr: groups.pnr }).from(bookings).innerJoin(groups, eq(groups.id, bookings.groupId));
  const found = new Map<number, string>();
  if (wanted.length > PNR_LOOKUP_BY_ID_MAX) {
    for (const row of await select().where(eq(bookings.agentUserId, agentUserId))) found.set(row.id, row.pnr);
  }
  const missing = wanted.filter((id) => !found.has(id));
  for (let start = 0; start < missing.length; start += PNR_LOOKUP_BY_ID_MAX) {
    for (const row of await select().where(inArray(bookings.id, missing.slice(start, start + PNR_LOOKUP_BY_ID_MAX)))) found.set(row.id, row.pnr);
  }
  return found;
}

export type LedgerRowWithBalance = Awaited<ReturnType<typeof listLedgerRows>>[number];

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
