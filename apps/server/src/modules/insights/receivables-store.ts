import type { Executor } from '../../db/database.js';
import { ENTRY_IN, ENTRY_OUT, readAgentLedgerRevisions, readReceivableEntries, type ReceivableEntry, type ReceivableRow } from './insights.repository.js';

/**
 * Receivables by age kept per agent, per process (decisions 054 and 075). The store holds every agent's ledger rows as
 * the report reads them (id, booking, day, amount, type; AgentRows) and computes each agent's line from them
 * (receivableLine, decision 034's algorithm). Each answer first reads where every user's ledger stands
 * (readAgentLedgerRevisions: the highest revision of its rows and of its removals, raised by every insert, update,
 * delete or move, whoever made it: the API, another process, SQL by hand), then reads only the rows written since for
 * the agents whose revisions moved (a posting is one row, by ledger_entries_agent_revision_idx), or an agent's whole
 * ledger again when rows were removed from it or its rows' revision went down (a truncate). Lines are computed again
 * for those agents, or for every agent on a new Karachi day. Names are read on every answer. One answer is computed at
 * a time: the next starts from what the last one left. The first answer reads every agent's rows, one agent at a time
 * (warmReceivablesByAge runs it at start).
 *
 * Memory: 17 bytes a ledger row (about 2 MiB for the benchmark's 100,000 rows).
 */

/**
 * One agent's ledger rows in columns: in (day, id) order as read, rows written later put in place of the row with
 * their id or added after.
 */
export class AgentRows {
  ids = new Int32Array(0);
  bookings = new Int32Array(0);
  days = new Int32Array(0);
  amounts = new Int32Array(0);
  kinds = new Uint8Array(0);
  length = 0;

  constructor(entries: readonly ReceivableEntry[] = []) {
    this.grow(entries.length);
    for (const entry of entries) this.write(this.length++, entry);
  }

  /** Puts each entry in place of the row with its id, or after the last row. */
  merge(entries: readonly ReceivableEntry[]): void {
    for (const entry of entries) {
      const at = this.ids.subarray(0, this.length).lastIndexOf(entry.id);
      if (at >= 0) this.write(at, entry);
      else {
        if (this.length === this.ids.length) this.grow(Math.max(16, Math.ceil(this.length * 1.25)));
        this.write(this.length++, entry);
      }
    }
  }

  private write(at: number, entry: ReceivableEntry): void {
    this.ids[at] = entry.id;
    this.bookings[at] = entry.booking;
    this.days[at] = entry.day;
    this.amounts[at] = entry.amount;
    this.kinds[at] = entry.kind;
  }

  private grow(capacity: number): void {
    const copy = <T extends Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from.subarray(0, this.length));
      return to;
    };
    this.ids = copy(this.ids, new Int32Array(capacity));
    this.bookings = copy(this.bookings, new Int32Array(capacity));
    this.days = copy(this.days, new Int32Array(capacity));
    this.amounts = copy(this.amounts, new Int32Array(capacity));
    this.kinds = copy(this.kinds, new Uint8Array(capacity));
  }
}

interface Account {
  rowsRevision: number;
  removalsRevision: number;
  rows: AgentRows;
  /** The agent's amounts; null: nothing unpaid. */
  line: AgeBuckets | null;
}

export type AgeBuckets = Pick<ReceivableRow, 'days0To7' | 'days8To30' | 'days31To60' | 'daysOver60' | 'total'>;

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day as days from 1970-01-01 (the entries' `day`). */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

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
export function receivableLine(rows: AgentRows, today: number): AgeBuckets | null {
  const { ids, bookings, days, amounts, kinds } = rows;
  const outs: number[] = [];
  const reversed = new Map<number, number>();
  let credits = 0;
  let inOrder = true;
  for (let i = 0; i < rows.length; i++) {
    if (kinds[i] === ENTRY_OUT) {
      // Rows are held in (day, id) order as read, later postings after: sorting is needed only after a re-dated row.
      const last = outs[outs.length - 1];
      if (inOrder && last !== undefined && (days[last]! > days[i]! || (days[last] === days[i] && ids[last]! > ids[i]!))) inOrder = false;
      outs.push(i);
    } else if (kinds[i] === ENTRY_IN || bookings[i] === 0) credits += amounts[i]!;
    else reversed.set(bookings[i]!, (reversed.get(bookings[i]!) ?? 0) + amounts[i]!);
  }
  if (!inOrder) outs.sort((a, b) => days[a]! - days[b]! || ids[a]! - ids[b]!);
  const outSoFar = new Map<number, number>();
  const debtDays: number[] = [];
  const debtAmounts: number[] = [];
  for (const i of outs) {
    const amount = amounts[i]!;
    let unpaid = amount;
    // Only a booking with reversals has its out rows reduced (running over the booking's rows, oldest first).
    const booking = bookings[i]!;
    const reversal = booking === 0 ? undefined : reversed.get(booking);
    if (reversal !== undefined) {
      const soFar = (outSoFar.get(booking) ?? 0) + amount;
      outSoFar.set(booking, soFar);
      unpaid = clamp(soFar - reversal, 0, amount);
    }
    if (unpaid > 0) {
      debtDays.push(days[i]!);
      debtAmounts.push(unpaid);
    }
  }
  for (const [booking, amount] of reversed) credits += Math.max(0, amount - (outSoFar.get(booking) ?? 0));
  const line: AgeBuckets = { days0To7: 0, days8To30: 0, days31To60: 0, daysOver60: 0, total: 0 };
  let running = 0;
  for (let d = 0; d < debtAmounts.length; d++) {
    const unpaid = debtAmounts[d]!;
    running += unpaid;
    if (running <= credits) continue;
    const owed = Math.min(running - credits, unpaid);
    const age = today - debtDays[d]!;
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
    const readWhole: number[] = [];
    for (const user of users) {
      const account = this.accounts.get(user.userId);
      if (account && account.rowsRevision === user.rowsRevision && account.removalsRevision === user.removalsRevision) continue;
      // Rows are read after the revisions: a row written in between is read again next time (its revision is above the
      // one recorded), a removal in between makes the next answer read that agent whole.
      const whole = !account || account.removalsRevision !== user.removalsRevision || user.rowsRevision < account.rowsRevision;
      const rows = user.rowsRevision === 0 ? [] : await readReceivableEntries({ db: this.db, agentUserId: user.userId, since: whole ? 0 : account.rowsRevision });
      if (whole) {
        this.accounts.set(user.userId, { ...this.revisionsOf(user), rows: new AgentRows(rows), line: null });
        readWhole.push(user.userId);
      } else {
        account.rows.merge(rows);
        Object.assign(account, this.revisionsOf(user));
      }
      changed.push(user.userId);
    }
    const first = !this.loaded;
    this.loaded = true;
    this.lastReadWhole = first ? 'all' : readWhole;
    if (this.accounts.size > users.length) {
      const present = new Set(users.map((user) => user.userId));
      for (const userId of this.accounts.keys()) if (!present.has(userId)) this.accounts.delete(userId);
    }
    if (today !== this.today || first) {
      this.today = today;
      for (const account of this.accounts.values()) account.line = receivableLine(account.rows, day);
      this.lastComputed = 'all';
    } else {
      for (const userId of changed) {
        const account = this.accounts.get(userId)!;
        account.line = receivableLine(account.rows, day);
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
