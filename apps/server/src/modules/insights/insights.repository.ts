import { inArray, sql } from 'drizzle-orm';
import { fixedStatement, runFixedStatement } from '../../lib/prepared.js';
import type { Executor } from '../../db/database.js';
import { ledgerEntries, ledgerRemovals } from '../ledger/ledger.table.js';
import { users } from '../users/users.table.js';
import { dayTotals } from './day-totals.table.js';

/** The insights' aggregates (PRODUCT §6 "Insights", decision 034): each report is one SQL statement. */

interface DayRow {
  date: string;
  sales: number;
  receipts: number;
}

const salesAndReceiptsStatement = fixedStatement(
  'sales_and_receipts_by_day',
  () => sql`select to_char(days.day, 'YYYY-MM-DD') as date,
           coalesce(sum(${dayTotals.sales}), 0)::bigint as sales,
           coalesce(sum(${dayTotals.receipts}), 0)::bigint as receipts,
           count(${dayTotals.day})::int as rows
      from generate_series(${sql.placeholder('from')}::date, ${sql.placeholder('to')}::date, interval '1 day') as days (day)
      left join ${dayTotals} on ${dayTotals.day} = days.day::date
     group by days.day
     order by days.day`,
);

/** Rows of the report's days past which a read folds day_totals into one row per day (30 days of a busy office's writes). */
export const DAY_TOTALS_COMPACT_AT = 1_000;

/**
 * Every Karachi day from `from` to `to` (YYYY-MM-DD, inclusive) with the final totals of the live confirmed bookings
 * confirmed that day and the live payments received that day, from day_totals (decision 061: the rows the triggers keep,
 * not a pass over a month's bookings and payments). Days without either are 0. Folds day_totals when the days read
 * had many rows.
 */
export async function sumSalesAndReceiptsByDay({ db, from, to }: { db: Executor; from: string; to: string }): Promise<DayRow[]> {
  const rows = await runFixedStatement<{ date: string; sales: string | number; receipts: string | number; rows: number }>(
    db,
    salesAndReceiptsStatement(db),
    { from, to },
  );
  if (rows.reduce((sum, row) => sum + Number(row.rows), 0) > DAY_TOTALS_COMPACT_AT) await compactDayTotals({ db });
  return rows.map((row) => ({ date: row.date, sales: Number(row.sales), receipts: Number(row.receipts) }));
}

/**
 * Folds day_totals into one row per day whose figures are not both 0, in one statement: the rows it deletes are the
 * ones its snapshot sees, so rows appended meanwhile by other transactions stay as they are, and a concurrent fold
 * skips the rows this one deleted (each row is summed once). No day's figures change.
 */
export async function compactDayTotals({ db }: { db: Executor }): Promise<void> {
  await db.execute(sql`with gone as (delete from ${dayTotals} returning *)
    insert into ${dayTotals} (day, sales, receipts)
    select day, sum(sales), sum(receipts) from gone group by day having sum(sales) <> 0 or sum(receipts) <> 0`);
}

export interface ReceivableRow {
  userId: number;
  agentId: number | null;
  agentName: string;
  days0To7: number;
  days8To30: number;
  days31To60: number;
  daysOver60: number;
  total: number;
}

/**
 * Each agent's unpaid debt by age on `today` (decision 034):
 * 1. debts are the `out` rows, each dated by its entry_date (the confirmation day);
 * 2. a booking's `reversal` rows reduce that booking's own `out` rows, oldest first; what a reversal has left over
 *    (more than the booking's out rows, not expected) counts as a payment;
 * 3. the agent's payments (`in` rows, whatever their date) pay the remaining debts oldest first (entry_date, id).
 * A debt item i with running total C_i (oldest first, inclusive) against credits K keeps
 * clamp(C_i - K, 0, amount_i). Only agents with something unpaid are answered, the most owed first.
 * `agents`: only these agents' rows are read and answered (the receivables store's agents whose ledger changed,
 * receivables-store.ts): every step above is one agent's (a booking's rows are its agent's), so an agent's answer is
 * the same whichever other agents are read with it.
 */
export async function sumReceivablesByAge({ db, today, agents }: { db: Executor; today: string; agents?: readonly number[] }): Promise<ReceivableRow[]> {
  const l = ledgerEntries;
  // Some agents' rows are read once and kept for the three uses below: each read of an agent's rows visits every heap
  // page holding them (about 3,300 for the busiest agent's 15,500 rows), and on the embedded database those pages
  // come through its file system. Every agent's rows are read by a sequential scan, where keeping them costs more.
  const only = agents ? sql` where ${inArray(l.agentUserId, [...agents])}` : sql``;
  const result = await db.execute(sql`
    with entries as ${agents ? sql`materialized` : sql`not materialized`} (
      select ${l.id} as id, ${l.agentUserId} as agent, ${l.bookingId} as booking, ${l.entryDate} as day, ${l.amount} as amount, ${l.type} as type
        from ${l}${only}
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

export interface AgentLedgerRevision {
  userId: number;
  agentId: number | null;
  agentName: string;
  /** The highest revision of the user's ledger rows and of its ledger removals (decision 050), as "rows/removals". */
  revision: string;
}

/**
 * Every user with its name as the receivables show it and where its ledger stands (decision 054): any change of an
 * agent's ledger rows (insert, update, delete, a row moved away) raises one of the two revisions. Two index probes a
 * user (ledger_entries_agent_revision_idx, ledger_removals_agent_revision_idx). In the receivables' order of names.
 */
export async function readAgentLedgerRevisions({ db }: { db: Executor }): Promise<AgentLedgerRevision[]> {
  const result = await db.execute(sql`
    select ${users.id} as user_id, ${users.agentId} as agent_id,
           coalesce(nullif(${users.agencyName}, ''), ${users.name}) as agent_name,
           coalesce((select max(${ledgerEntries.revision}) from ${ledgerEntries} where ${ledgerEntries.agentUserId} = ${users.id}), 0)
             || '/' ||
           coalesce((select max(${ledgerRemovals.revision}) from ${ledgerRemovals} where ${ledgerRemovals.agentUserId} = ${users.id}), 0) as revision
      from ${users}
     order by agent_name, ${users.id}`);
  type Raw = { user_id: number; agent_id: number | null; agent_name: string; revision: string };
  return (result as unknown as { rows: Raw[] }).rows.map((row) => ({
    userId: Number(row.user_id),
    agentId: row.agent_id === null ? null : Number(row.agent_id),
    agentName: row.agent_name,
    revision: String(row.revision),
  }));
}
