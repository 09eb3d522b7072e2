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
const sumOfSigned = sql<number>`coalesce(sum(${signedAmount}), 0)::bigint`.mapWith(Number);

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
 * running sum of the listed rows (the caller adds the opening balance) and its booking's PNR.
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
  return db
    .select({
      id: ledgerEntries.id,
      entryDate: ledgerEntries.entryDate,
      text: ledgerEntries.text,
      type: ledgerEntries.type,
      amount: ledgerEntries.amount,
      bookingId: ledgerEntries.bookingId,
      pnr: groups.pnr,
      runningSum: sql<number>`sum(${signedAmount}) over (order by ${ledgerEntries.entryDate}, ${ledgerEntries.id} rows between unbounded preceding and current row)::bigint`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(groups, eq(groups.id, bookings.groupId))
    .where(and(...conditions))
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
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
export async function listAgentBalances({ db, limit, offset }: { db: Executor; limit: number; offset: number }) {
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

  const rows = await db
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
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(users)
    .leftJoin(balances, eq(balances.agentUserId, users.id))
    .where(where);
  return { rows, total: Number(total?.value ?? 0) };
}
