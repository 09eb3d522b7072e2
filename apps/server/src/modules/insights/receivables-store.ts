import type { Executor } from '../../db/database.js';
import { readAgentLedgerRevisions, readReceivableEntries, type ReceivableEntry, type ReceivableRow } from './insights.repository.js';

/**
 * Receivables by age kept per agent, per process (decisions 054 and 075). The store holds every agent's ledger rows as
 * the report reads them (id, booking, day, amount, type) and computes each agent's line from them (receivableLine,
 * decision 034's algorithm). Each answer first reads where every user's ledger stands (readAgentLedgerRevisions: the
 * highest revision of its rows and of its removals, raised by every insert, update, delete or move, whoever made it:
 * the API, another process, SQL by hand), then reads only the rows written since for the agents whose revisions moved
 * (a posting is one row, by ledger_entries_agent_revision_idx), or an agent's whole ledger again when rows were removed
 * from it or its rows' revision went down (a truncate). Lines are computed again for those agents, or for every agent
 * on a new Karachi day. Names are read on every answer. One answer is computed at a time: the next starts from what the
 * last one left. The first answer reads every row once (warmReceivablesByAge runs it at start).
 *
 * Memory: a small object per ledger row (about 10 MiB for the benchmark's 100,000 rows).
 */
interface Account {
  rowsRevision: number;
  removalsRevision: number;
  /** By row id, in (day, id) order as read; rows written later are added after. */
  entries: Map<number, ReceivableEntry>;
  /** The agent's amounts; null: nothing unpaid. */
  line: AgeBuckets | null;
}

export type AgeBuckets = Pick<ReceivableRow, 'days0To7' | 'days8To30' | 'days31To60' | 'daysOver60' | 'total'>;

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day as days from 1970-01-01 (the entries' `day`). */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const byDayThenId = (a: ReceivableEntry, b: ReceivableEntry) => a.day - b.day || a.id - b.id;

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * One agent's unpaid debt by age on `today` (days from 1970-01-01) from its ledger rows (decision 034):
 * 1. debts are the `out` rows, each dated by its day (the confirmation day);
 * 2. a booking's `reversal` rows reduce that booking's own `out` rows, oldest first; what a reversal has left over
 *    (more than the booking's out rows, or a reversal of no booking) counts as a payment;
 * 3. the agent's payments (`in` rows, whatever their date) pay the remaining debts oldest first (day, id).
 * A debt item i with running total C_i (oldest first, inclusive) against credits K keeps clamp(C_i - K, 0, amount_i).
 * Null when nothing is unpaid.
 */
export function receivableLine(entries: Iterable<ReceivableEntry>, today: number): AgeBuckets | null {
  const outs: ReceivableEntry[] = [];
  const reversed = new Map<number, number>();
  let credits = 0;
  let inOrder = true;
  for (const entry of entries) {
    if (entry.type === 'out') {
      // Rows are held in (day, id) order as read, later postings after: sorting is needed only after a re-dated row.
      const last = outs[outs.length - 1];
      if (last && inOrder && byDayThenId(last, entry) > 0) inOrder = false;
      outs.push(entry);
    } else if (entry.type === 'in' || entry.booking === null) credits += entry.amount;
    else reversed.set(entry.booking, (reversed.get(entry.booking) ?? 0) + entry.amount);
  }
  if (!inOrder) outs.sort(byDayThenId);
  const outSoFar = new Map<number, number>();
  const debtDays: number[] = [];
  const debtAmounts: number[] = [];
  for (const out of outs) {
    let unpaid = out.amount;
    // Only a booking with reversals has its out rows reduced (running over the booking's rows, oldest first).
    const reversal = out.booking === null ? undefined : reversed.get(out.booking);
    if (reversal !== undefined) {
      const soFar = (outSoFar.get(out.booking!) ?? 0) + out.amount;
      outSoFar.set(out.booking!, soFar);
      unpaid = clamp(soFar - reversal, 0, out.amount);
    }
    if (unpaid > 0) {
      debtDays.push(out.day);
      debtAmounts.push(unpaid);
    }
  }
  for (const [booking, amount] of reversed) credits += Math.max(0, amount - (outSoFar.get(booking) ?? 0));
  const line: AgeBuckets = { days0To7: 0, days8To30: 0, days31To60: 0, daysOver60: 0, total: 0 };
  let running = 0;
  for (let i = 0; i < debtAmounts.length; i++) {
    const unpaid = debtAmounts[i]!;
    running += unpaid;
    if (running <= credits) continue;
    const owed = Math.min(running - credits, unpaid);
    const age = today - debtDays[i]!;
    if (age <= 7) line.days0To7 += owed;
    else if (age <= 30) line.days8To30 += owed;
    else if (age <= 60) line.days31To60 += owed;
    else line.daysOver60 += owed;
    line.total += owed;
  }
  return line.total > 0 ? line : null;
}

export class ReceivablesStore {
  private readonly db: Executor;
  private today: string | null = null;
  private readonly accounts = new Map<number, Account>();
  private loaded = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** The agents the last answer computed, or 'all' (tests). */
  lastComputed: readonly number[] | 'all' = [];
  /** The agents whose whole ledger the last answer read again (tests); 'all' on the first answer. */
  lastReadWhole: readonly number[] | 'all' = [];

  constructor({ db }: { db: Executor }) {
    this.db = db;
  }

  /** The report of `today` (Asia/Karachi): every agent with something unpaid, the most owed first, then by name. */
  rows(today: string): Promise<ReceivableRow[]> {
    const answer = this.queue.then(() => this.compute(today));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async compute(today: string): Promise<ReceivableRow[]> {
    const users = await readAgentLedgerRevisions({ db: this.db });
    const day = dayNumber(today);
    const changed: number[] = [];
    if (!this.loaded) {
      // Rows read after the revisions: a row written in between is read again next time (its revision is above the
      // one recorded), a removal in between makes the next answer read that agent whole.
      const entries = await readReceivableEntries({ db: this.db });
      for (const user of users) {
        const rows = entries.get(user.userId) ?? [];
        this.accounts.set(user.userId, { ...this.revisionsOf(user), entries: new Map(rows.map((row) => [row.id, row])), line: null });
      }
      this.loaded = true;
      this.lastReadWhole = 'all';
    } else {
      const readWhole: number[] = [];
      for (const user of users) {
        const account = this.accounts.get(user.userId);
        if (account && account.rowsRevision === user.rowsRevision && account.removalsRevision === user.removalsRevision) continue;
        const whole = !account || account.removalsRevision !== user.removalsRevision || user.rowsRevision < account.rowsRevision;
        const since = whole ? 0 : account.rowsRevision;
        const rows = (await readReceivableEntries({ db: this.db, agentUserId: user.userId, since })).get(user.userId) ?? [];
        if (whole) {
          this.accounts.set(user.userId, { ...this.revisionsOf(user), entries: new Map(rows.map((row) => [row.id, row])), line: null });
          readWhole.push(user.userId);
        } else {
          for (const row of rows) account.entries.set(row.id, row);
          Object.assign(account, this.revisionsOf(user));
        }
        changed.push(user.userId);
      }
      this.lastReadWhole = readWhole;
    }
    if (this.accounts.size > users.length) {
      const present = new Set(users.map((user) => user.userId));
      for (const userId of this.accounts.keys()) if (!present.has(userId)) this.accounts.delete(userId);
    }
    if (today !== this.today || this.lastReadWhole === 'all') {
      this.today = today;
      for (const account of this.accounts.values()) account.line = receivableLine(account.entries.values(), day);
      this.lastComputed = 'all';
    } else {
      for (const userId of changed) {
        const account = this.accounts.get(userId)!;
        account.line = receivableLine(account.entries.values(), day);
      }
      this.lastComputed = changed;
    }
    // `users` is in the report's order of names (SQL's collation); a stable sort puts the most owed first.
    return users
      .flatMap((user) => {
        const line = this.accounts.get(user.userId)?.line;
        return line ? [{ userId: user.userId, agentId: user.agentId, agentName: user.agentName, ...line }] : [];
      })
      .sort((a, b) => b.total - a.total);
  }

  private revisionsOf(user: { rowsRevision: number; removalsRevision: number }) {
    return { rowsRevision: user.rowsRevision, removalsRevision: user.removalsRevision };
  }
}
