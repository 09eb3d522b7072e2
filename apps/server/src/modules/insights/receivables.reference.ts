import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { users } from '../users/users.table.js';
import type { ReceivableRow } from './insights.repository.js';

// The tests' reference for the receivables report (decision 075): decision 034's algorithm as the one SQL statement the
// report ran until the store computed it from the ledger rows it holds. The store's answer must equal it.

/**
 * Each agent's unpaid debt by age on `today` (decision 034):
 * 1. debts are the `out` rows, each dated by its entry_date (the confirmation day);
 * 2. a booking's `reversal` rows reduce that booking's own `out` rows, oldest first; what a reversal has left over
 *    (more than the booking's out rows, not expected) counts as a payment;
 * 3. the agent's payments (`in` rows, whatever their date) pay the remaining debts oldest first (entry_date, id).
 * A debt item i with running total C_i (oldest first, inclusive) against credits K keeps
 * clamp(C_i - K, 0, amount_i). Only agents with something unpaid are answered, the most owed first.
 */
export async function sumReceivablesInSql({ db, today }: { db: Executor; today: string }): Promise<ReceivableRow[]> {
  const l = ledgerEntries;
  const result = await db.execute(sql`
    with entries as (
      select ${l.id} as id, ${l.agentUserId} as agent, ${l.bookingId} as booking, ${l.entryDate} as day, ${l.amount} as amount, ${l.type} as type
        from ${l}
    ),
    outs as (
      select id, agent, booking, day, amount from entries where type = 'out'
    ),
    reversed as (
      select agent, booking, sum(amount) as amount from entries where type = 'reversal' group by agent, booking
    ),
    out_per_booking as (
      select booking, sum(amount) as amount from outs group by booking
    ),
    after_reversal as (
      select outs.agent, outs.day, outs.id,
             greatest(0, least(outs.amount,
               sum(outs.amount) over (partition by outs.booking order by outs.day, outs.id) - coalesce(reversed.amount, 0))) as unpaid
        from outs left join reversed on reversed.booking = outs.booking
    ),
    leftover_reversals as (
      select reversed.agent, greatest(0, reversed.amount - coalesce(out_per_booking.amount, 0)) as amount
        from reversed left join out_per_booking on out_per_booking.booking = reversed.booking
    ),
    credits as (
      select agent, sum(amount) as amount from (
        select agent, amount from entries where type = 'in'
        union all
        select agent, amount from leftover_reversals
      ) c group by agent
    ),
    owed as (
      select debts.agent, debts.day,
             greatest(0, least(debts.unpaid,
               sum(debts.unpaid) over (partition by debts.agent order by debts.day, debts.id) - coalesce(credits.amount, 0))) as amount
        from (select * from after_reversal where unpaid > 0) debts
        left join credits on credits.agent = debts.agent
    ),
    buckets as (
      select agent,
             coalesce(sum(amount) filter (where ${today}::date - day <= 7), 0) as d0,
             coalesce(sum(amount) filter (where ${today}::date - day between 8 and 30), 0) as d8,
             coalesce(sum(amount) filter (where ${today}::date - day between 31 and 60), 0) as d31,
             coalesce(sum(amount) filter (where ${today}::date - day > 60), 0) as d60,
             sum(amount) as total
        from owed group by agent having sum(amount) > 0
    )
    select buckets.agent as user_id, ${users.agentId} as agent_id,
           coalesce(nullif(${users.agencyName}, ''), ${users.name}) as agent_name,
           buckets.d0::bigint as d0, buckets.d8::bigint as d8, buckets.d31::bigint as d31, buckets.d60::bigint as d60,
           buckets.total::bigint as total
      from buckets join ${users} on ${users.id} = buckets.agent
     order by buckets.total desc, agent_name, buckets.agent`);
  type Raw = { user_id: number; agent_id: number | null; agent_name: string; d0: string; d8: string; d31: string; d60: string; total: string };
  return (result as unknown as { rows: Raw[] }).rows.map((row) => ({
    userId: Number(row.user_id),
    agentId: row.agent_id === null ? null : Number(row.agent_id),
    agentName: row.agent_name,
    days0To7: Number(row.d0),
    days8To30: Number(row.d8),
    days31To60: Number(row.d31),
    daysOver60: Number(row.d60),
    total: Number(row.total),
  }));
}
