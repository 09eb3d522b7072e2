import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bookings } from '../bookings/bookings.table.js';
import { sumOfSigned } from '../ledger/ledger.repository.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { users } from '../users/users.table.js';

/**
 * The agent's credit row, locked until the transaction ends (decision 032): every hold and confirmation of one agent
 * takes it before reading what the agent owes and holds, so parallel requests of one agent run one after the other.
 */
export async function lockAgentCredit({ db, agentUserId }: { db: Executor; agentUserId: number }) {
  const [row] = await db
    .select({ creditLimit: users.creditLimit, creditLow: users.creditLow })
    .from(users)
    .where(eq(users.id, agentUserId))
    .limit(1)
    .for('update');
  return row;
}

export async function setCreditLow({ db, agentUserId, creditLow }: { db: Executor; agentUserId: number; creditLow: boolean }): Promise<void> {
  await db.update(users).set({ creditLow }).where(eq(users.id, agentUserId));
}

/**
 * Per agent: the ledger balance (what it owes) and the value of its live holds (unconfirmed, not cancelled, cancel_at
 * still ahead of `now`), leaving out `exceptBookingId` (the booking being confirmed). Agents with neither read 0 and 0.
 */
export async function sumCreditUsage({
  db,
  agentUserIds,
  now,
  exceptBookingId,
}: {
  db: Executor;
  agentUserIds: readonly number[];
  now: Date;
  exceptBookingId?: number | undefined;
}): Promise<Map<number, { balance: number; holds: number }>> {
  const usage = new Map<number, { balance: number; holds: number }>(agentUserIds.map((id) => [id, { balance: 0, holds: 0 }]));
  if (agentUserIds.length === 0) return usage;
  const ids = [...new Set(agentUserIds)];
  const balances = await db
    .select({ agentUserId: ledgerEntries.agentUserId, balance: sumOfSigned })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.agentUserId, ids))
    .groupBy(ledgerEntries.agentUserId);
  const holds = await db
    .select({
      agentUserId: bookings.agentUserId,
      holds: sql<number>`coalesce(sum(${bookings.totalAmount}), 0)::bigint`.mapWith(Number),
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.agentUserId, ids),
        eq(bookings.confirmed, false),
        eq(bookings.cancelStatus, false),
        or(isNull(bookings.cancelAt), gt(bookings.cancelAt, now)),
        exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId),
      ),
    )
    .groupBy(bookings.agentUserId);
  for (const row of balances) usage.get(row.agentUserId)!.balance = row.balance;
  for (const row of holds) if (row.agentUserId !== null) usage.get(row.agentUserId)!.holds = row.holds;
  return usage;
}
