import { sql } from 'drizzle-orm';
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

/** A ledger row's type as the receivables read it (decision 075). */
export const ENTRY_OUT = 0;
export const ENTRY_IN = 1;
export const ENTRY_REVERSAL = 2;

/** One ledger row as the receivables read it (decision 075): its day counted from 1970-01-01, booking 0 for none. */
export interface ReceivableEntry {
  id: number;
  booking: number;
  day: number;
  amount: number;
  kind: typeof ENTRY_OUT | typeof ENTRY_IN | typeof ENTRY_REVERSAL;
}

const agentEntriesStatement = fixedStatement(
  'receivable_entries_since',
  () => sql`select ${ledgerEntries.id} as id, coalesce(${ledgerEntries.bookingId}, 0) as booking,
           (${ledgerEntries.entryDate} - date '1970-01-01') as day, ${ledgerEntries.amount} as amount,
           (case ${ledgerEntries.type} when 'out' then ${sql.raw(String(ENTRY_OUT))} when 'in' then ${sql.raw(String(ENTRY_IN))} else ${sql.raw(String(ENTRY_REVERSAL))} end) as kind
      from ${ledgerEntries}
     where ${ledgerEntries.agentUserId} = ${sql.placeholder('agent')} and ${ledgerEntries.revision} > ${sql.placeholder('since')}
     order by ${ledgerEntries.entryDate}, ${ledgerEntries.id}`,
);

/**
 * The agent's ledger rows whose revision is above `since` (0: all of them), in (entry_date, id) order, found through
 * ledger_entries_agent_revision_idx: what the receivables are computed from (decision 075).
 */
export async function readReceivableEntries({ db, agentUserId, since }: { db: Executor; agentUserId: number; since: number }): Promise<ReceivableEntry[]> {
  return runFixedStatement<ReceivableEntry>(db, agentEntriesStatement(db), { agent: agentUserId, since });
}

export interface AgentLedgerRevision {
  userId: number;
  agentId: number | null;
  agentName: string;
  /** The highest revision of the user's ledger rows (decision 050); 0 without rows. */
  rowsRevision: number;
  /** The highest revision of its ledger removals; 0 without any. */
  removalsRevision: number;
}

const agentLedgerRevisionsStatement = fixedStatement(
  'receivable_revisions',
  () => sql`select ${users.id} as user_id, ${users.agentId} as agent_id,
           coalesce(nullif(${users.agencyName}, ''), ${users.name}) as agent_name,
           coalesce((select max(${ledgerEntries.revision}) from ${ledgerEntries} where ${ledgerEntries.agentUserId} = ${users.id}), 0)::text as rows_revision,
           coalesce((select max(${ledgerRemovals.revision}) from ${ledgerRemovals} where ${ledgerRemovals.agentUserId} = ${users.id}), 0)::text as removals_revision
      from ${users}
     order by agent_name, ${users.id}`,
);

/**
 * Every user with its name as the receivables show it and where its ledger stands (decision 054): any change of an
 * agent's ledger rows (insert, update, delete, a row moved away) raises one of the two revisions. Two index probes a
 * user (ledger_entries_agent_revision_idx, ledger_removals_agent_revision_idx). In the receivables' order of names.
 */
export async function readAgentLedgerRevisions({ db }: { db: Executor }): Promise<AgentLedgerRevision[]> {
  type Raw = { user_id: number; agent_id: number | null; agent_name: string; rows_revision: string; removals_revision: string };
  const rows = await runFixedStatement<Raw>(db, agentLedgerRevisionsStatement(db), {});
  return rows.map((row) => ({
    userId: Number(row.user_id),
    agentId: row.agent_id === null ? null : Number(row.agent_id),
    agentName: row.agent_name,
    rowsRevision: Number(row.rows_revision),
    removalsRevision: Number(row.removals_revision),
  }));
}
