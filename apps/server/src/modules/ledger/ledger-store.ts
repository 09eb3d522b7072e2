import type { Executor } from '../../db/database.js';
import { zipRows, type ZippedRows } from './ledger-gzip.js';
import { readLedgerChanges } from './ledger.repository.js';
import { dayOf, firstOnOrAfter, mergeLedgerRows, parseLedgerRows, rowCount, rowsBytes, type LedgerRows } from './ledger-rows.js';

/**
 * The agents' ledgers in memory, kept current by revision (decision 050). Each computed account-api answer asks the
 * database only for the agent's rows written since the highest revision held (migration 0014: every insert and update
 * of a row draws one, under the agent's lock) and whether a statement removed rows from it since (ledger_removals): a
 * posting is one row read, a back-dated one the restated rows after it, a removed row a full read. So a change made in SQL, announced
 * or not, shows in the next computed answer, as it did when the report was one statement; the read cache in front
 * (decision 044) is what keeps an answer while nothing is announced.
 *
 * A row can only hide from the revision read when an UPDATE written straight in SQL draws its revision before another
 * posting of the same agent commits and commits after it was read (the app's writers draw theirs under the agent's
 * lock), or when the table is truncated (no row trigger runs): each agent's ledger is read whole again, in the
 * background, once it is MAX_AGE_MS old.
 *
 * Memory: at most MAX_BYTES of rows over every agent, the least recently read agents dropped first.
 */

export const LEDGER_STORE_MAX_AGE_MS = 5 * 60_000;
export const LEDGER_STORE_MAX_BYTES = 24 * 1024 * 1024;

interface Held {
  rows: LedgerRows;
  /** The highest revision of the agent's rows these rows reflect. */
  revision: number;
  /** When the agent's ledger was last read whole (epoch ms). */
  readAtMs: number;
  /** The rows' gzip blocks, made when the whole ledger is first asked of these rows. */
  zipped: ZippedRows | null;
  /** The previous rows' blocks, to keep those the change left as they were. */
  zipBase: ZippedRows | null;
}

interface Slot {
  agentUserId: number;
  held: Held | null;
  /** The slot's reads and installs, one after another: each request's read starts after the previous one's ended. */
  queue: Promise<unknown>;
  reloading: boolean;
  bytes: number;
}

export interface LedgerSlice {
  openingBalance: number;
  closingBalance: number;
  /** The rows as the JSON array's inside (no brackets). */
  rows: Buffer;
  /** Every row (no range): their gzip blocks (ledger-gzip.ts). */
  zipped: ZippedRows | null;
}

/** Bytes a ledger holds: its texts, about a sixth more for their gzip blocks, and 20 bytes of offsets, id, date and balance per row. */
const sizeOf = (rows: LedgerRows) => Math.ceil(rows.data.length * 1.17) + 20 * rowCount(rows);

/** The rows' gzip blocks, made the first time the whole ledger is asked of these rows. */
function zippedOf(held: Held): ZippedRows {
  held.zipped ??= zipRows(held.rows, held.zipBase);
  held.zipBase = null;
  return held.zipped;
}

export class LedgerStore {
  private readonly db: Executor;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  /** By agent user id, least recently read first. */
  private readonly slots = new Map<number, Slot>();
  private bytes = 0;

  constructor({ db, maxBytes = LEDGER_STORE_MAX_BYTES, maxAgeMs = LEDGER_STORE_MAX_AGE_MS }: { db: Executor; maxBytes?: number; maxAgeMs?: number }) {
    this.db = db;
    this.maxBytes = maxBytes;
    this.maxAgeMs = maxAgeMs;
  }

  /** Bytes held over every agent (tests). */
  heldBytes(): number {
    return this.bytes;
  }

  /**
   * The agent's rows within from..to (both optional, included) as they stand now, with the balance before the first
   * (after the last row dated before `from`; 0 without `from`) and after the last (of the last row dated on or before
   * `to`; the opening balance without rows in the range): readLedgerReport's answer.
   */
  async report({ agentUserId, from, to }: { agentUserId: number; from?: string | undefined; to?: string | undefined }): Promise<LedgerSlice> {
    const held = await this.current(agentUserId);
    const { rows } = held;
    if (!from && !to) zippedOf(held);
    const first = from ? firstOnOrAfter(rows, dayOf(from)) : 0;
    const last = (to ? firstOnOrAfter(rows, dayOf(to) + 1) : rowCount(rows)) - 1;
    const openingBalance = first > 0 ? rows.balances[first - 1]! : 0;
    const closingBalance = last >= first ? rows.balances[last]! : openingBalance;
    return { openingBalance, closingBalance, rows: rowsBytes(rows, first, last), zipped: !from && !to ? held.zipped : null };
  }

  /**
   * Reads the ledgers of `agents` whole, in that order, as their first answers would (their gzip blocks too), while
   * what the store holds stays under a quarter of the bytes it may hold (decision 076). Answers the agents read.
   */
  async warm(agents: readonly number[]): Promise<number[]> {
    const read: number[] = [];
    for (const agentUserId of agents) {
      if (this.bytes >= this.maxBytes / 4) break;
      await Promise.all(zippedOf(await this.current(agentUserId)).blocks.map((block) => block.deflated));
      read.push(agentUserId);
    }
    return read;
  }

  /** Whether the agent's ledger is held (tests). */
  holds(agentUserId: number): boolean {
    return this.slots.get(agentUserId)?.held != null;
  }

  private slotOf(agentUserId: number): Slot {
    let slot = this.slots.get(agentUserId);
    if (slot) this.slots.delete(agentUserId);
    else slot = { agentUserId, held: null, queue: Promise.resolve(), reloading: false, bytes: 0 };
    // Most recently read last.
    this.slots.set(agentUserId, slot);
    return slot;
  }

  private current(agentUserId: number): Promise<Held> {
    const slot = this.slotOf(agentUserId);
    const read = slot.queue.then(() => this.refresh(slot));
    slot.queue = read.catch(() => undefined);
    return read;
  }

  /** The slot's rows brought up to date: the rows written since its revision, or the whole ledger. */
  private async refresh(slot: Slot): Promise<Held> {
    const held = slot.held;
    const since = held?.revision ?? 0;
    const changes = await readLedgerChanges({ db: this.db, agentUserId: slot.agentUserId, since });
    const readAtMs = held?.readAtMs ?? Date.now();
    if (held && changes.removed) {
      // Rows were removed (or moved to another agent): the whole ledger again.
      const whole = await readLedgerChanges({ db: this.db, agentUserId: slot.agentUserId, since: 0 });
      // Its revision counts the removal too (the rows' highest may be lower): it is not read whole again next time.
      return this.install(slot, { rows: parseLedgerRows(Buffer.from(whole.rowsJson)), revision: whole.revision, readAtMs: Date.now(), zipped: null, zipBase: null });
    }
    const changed = parseLedgerRows(Buffer.from(changes.rowsJson));
    const rows = held ? mergeLedgerRows(held.rows, changed) : changed;
    const { revision } = changes;
    const fresh =
      held && rows === held.rows && revision === held.revision
        ? held
        : this.install(slot, { rows, revision, readAtMs, zipped: null, zipBase: held?.zipped ?? null });
    if (Date.now() - readAtMs > this.maxAgeMs) this.reload(slot);
    return fresh;
  }

  /** Reads the agent's whole ledger in the background and puts it in place of what is held (see the class comment). */
  private reload(slot: Slot): void {
    if (slot.reloading) return;
    slot.reloading = true;
    const readAtMs = Date.now();
    readLedgerChanges({ db: this.db, agentUserId: slot.agentUserId, since: 0 })
      .then((whole) => {
        const rows = parseLedgerRows(Buffer.from(whole.rowsJson));
        // In the queue: requests after this one read the rows written since the reload's revision.
        slot.queue = slot.queue.then(() => this.install(slot, { rows, revision: whole.revision, readAtMs, zipped: null, zipBase: null }));
      })
      .catch(() => undefined)
      .finally(() => {
        slot.reloading = false;
      });
  }

  private install(slot: Slot, held: Held): Held {
    slot.held = held;
    if (this.slots.get(slot.agentUserId) !== slot) return held;
    this.bytes += sizeOf(held.rows) - slot.bytes;
    slot.bytes = sizeOf(held.rows);
    for (const [agentUserId, other] of this.slots) {
      if (this.bytes <= this.maxBytes || other === slot) break;
      this.slots.delete(agentUserId);
      this.bytes -= other.bytes;
    }
    return held;
  }
}
