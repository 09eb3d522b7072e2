import { and, eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabaseHandle } from '../../test/helpers.js';
import { daysFromToday, insertAgentWithToken } from '../bookings/bookings.fixtures.js';
import type { UserRow } from '../users/users.table.js';
import { gzipAll } from './ledger-gzip.js';
import { mergeLedgerRows, parseLedgerRows, rowCount } from './ledger-rows.js';
import { LedgerStore } from './ledger-store.js';
import { readLedgerReport } from './ledger.repository.js';
import { warmLedgers } from './ledger.usecases.js';
import { ledgerEntries } from './ledger.table.js';

// Decision 050: the ledger store holds each agent's rows as the stored texts and reads only the rows written since the
// highest revision it holds (migration 0014). Whatever is written in SQL, its report is the one statement's
// (readLedgerReport, decision 049); ledger.report-bytes.test.ts holds the HTTP answer to the first version's bytes.

const D = daysFromToday;
/** Texts whose JSON holds what the parser looks for, escaped. */
const TRAPS = ['a "},{"id":9,"receive_date":"2000-01-01" b', 'x "balance":77, y', '\\"balance\\":1 ✓ 😀 \u2028'];

let handle: TestDatabaseHandle;
let agent: UserRow;
let other: UserRow;

beforeAll(async () => {
  handle = await openTestDatabase();
  agent = (await insertAgentWithToken(handle.db, { name: 'Store Agent' })).user;
  other = (await insertAgentWithToken(handle.db, { name: 'Other Agent' })).user;
});
afterAll(() => handle.close());

const post = (agentUserId: number, amount: number, date: string, text = '', type: 'out' | 'reversal' = 'out') =>
  handle.db.insert(ledgerEntries).values({ agentUserId, type, amount, entryDate: date, text });

const RANGES = [undefined, { from: D(-7), to: D(-3) }, { from: D(-30), to: D(-30) }, { from: D(1), to: D(9) }, { from: D(-40), to: D(40) }, { from: D(-5), to: D(-5) }];

/** The store's answers for every range equal the statement's. */
async function expectLikeSql(store: LedgerStore, agentUserId: number): Promise<void> {
  for (const range of RANGES) {
    const held = await store.report({ agentUserId, ...range });
    const sql = await readLedgerReport({ db: handle.db, agentUserId, ...range });
    expect({ opening: held.openingBalance, closing: held.closingBalance, rows: held.rows.toString() }, JSON.stringify(range)).toEqual({
      opening: sql.openingBalance,
      closing: sql.closingBalance,
      rows: sql.rowsJson,
    });
  }
}

describe('the ledger store', () => {
  it('when rows hold texts with escaped separators and field names, then each row is found with its id, date and balance', async () => {
    const mine = (await insertAgentWithToken(handle.db, { name: 'Parse Agent' })).user;
    for (const [index, text] of TRAPS.entries()) await post(mine.id, 100 + index, D(-index), text);
    const { rowsJson } = await readLedgerReport({ db: handle.db, agentUserId: mine.id });
    const rows = parseLedgerRows(Buffer.from(rowsJson));
    const stored = await handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.agentUserId, mine.id));
    stored.sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : a.id - b.id));
    expect(rowCount(rows)).toBe(3);
    expect([...rows.ids]).toEqual(stored.map((row) => row.id));
    expect([...rows.days]).toEqual(stored.map((row) => Number(row.entryDate.replaceAll('-', ''))));
    expect([...rows.balances]).toEqual(stored.map((row) => row.balance));
    expect(stored.map((_row, index) => rows.data.subarray(rows.starts[index], index + 1 < 3 ? rows.starts[index + 1]! - 1 : undefined).toString())).toEqual(stored.map((row) => row.reportJson));
    // Merging nothing keeps the very rows; merging every row again gives the same bytes.
    expect(mergeLedgerRows(rows, parseLedgerRows(Buffer.alloc(0)))).toBe(rows);
    expect(mergeLedgerRows(rows, rows).data.equals(rows.data)).toBe(true);
  });

  it('when rows are posted, back-dated, edited, moved to another agent and removed in SQL, then each answer is the statement’s, and an unchanged ledger is not read again', async () => {
    const store = new LedgerStore({ db: handle.db });
    await expectLikeSql(store, agent.id);
    await post(agent.id, 1_000, D(-10), 'first');
    await post(agent.id, 250, D(-3), TRAPS[0]);
    await expectLikeSql(store, agent.id);
    const first = await store.report({ agentUserId: agent.id });
    const again = await store.report({ agentUserId: agent.id });
    expect(again.rows.buffer).toBe(first.rows.buffer);

    // Posted after the others (appended), then back-dated (the later rows restated), several in one statement.
    await post(agent.id, 75, D(0), 'today');
    await expectLikeSql(store, agent.id);
    await post(agent.id, 40, D(-30), 'back-dated');
    await expectLikeSql(store, agent.id);
    await handle.db.insert(ledgerEntries).values([
      { agentUserId: agent.id, type: 'out', amount: 5, entryDate: D(-5), text: 'one' },
      { agentUserId: other.id, type: 'out', amount: 6, entryDate: D(-5), text: 'other' },
      { agentUserId: agent.id, type: 'reversal', amount: 7, entryDate: D(-5), text: 'two' },
    ]);
    await expectLikeSql(store, agent.id);
    await expectLikeSql(store, other.id);

    // Edited amount, date and text.
    await handle.db.update(ledgerEntries).set({ amount: 999, text: TRAPS[1] }).where(eq(ledgerEntries.text, 'first'));
    await expectLikeSql(store, agent.id);
    await handle.db.update(ledgerEntries).set({ entryDate: D(2) }).where(eq(ledgerEntries.text, 'one'));
    await expectLikeSql(store, agent.id);
    // Moved to the other agent: fewer rows here, one more there.
    await handle.db.update(ledgerEntries).set({ agentUserId: other.id }).where(eq(ledgerEntries.text, 'two'));
    await expectLikeSql(store, agent.id);
    await expectLikeSql(store, other.id);
    // Removed, and one removed while another is posted (the same count).
    await handle.db.delete(ledgerEntries).where(and(eq(ledgerEntries.agentUserId, agent.id), eq(ledgerEntries.text, 'today')));
    await expectLikeSql(store, agent.id);
    // The removal is read once: the ledger is not read whole again after it.
    const afterRemoval = await store.report({ agentUserId: agent.id });
    expect((await store.report({ agentUserId: agent.id })).rows.buffer).toBe(afterRemoval.rows.buffer);
    await handle.db.delete(ledgerEntries).where(eq(ledgerEntries.text, 'back-dated'));
    await post(agent.id, 12, D(-1), 'in its place');
    await expectLikeSql(store, agent.id);
  });

  it('when a long ledger is asked whole after postings, then its gzip from kept blocks is the text, and a posting recompresses only the blocks from its row on', async () => {
    const long = (await insertAgentWithToken(handle.db, { name: 'Long Agent' })).user;
    await handle.db.insert(ledgerEntries).values(
      Array.from({ length: 900 }, (_, index) => ({ agentUserId: long.id, type: 'out' as const, amount: 100 + index, entryDate: D(-900 + index), text: `${TRAPS[index % 3]} ${index} ${'x'.repeat(index % 200)}` })),
    );
    const store = new LedgerStore({ db: handle.db });
    const open = Buffer.from('{"head":1,"rows":[');
    const close = Buffer.from(']}');
    const answer = async () => {
      const slice = await store.report({ agentUserId: long.id });
      const zipped = slice.zipped!;
      expect(gunzipSync(await gzipAll(zipped, open, close)).equals(Buffer.concat([open, slice.rows, close]))).toBe(true);
      expect(slice.rows.toString()).toBe((await readLedgerReport({ db: handle.db, agentUserId: long.id })).rowsJson);
      return zipped.blocks;
    };
    const first = await answer();
    expect(first.length).toBeGreaterThan(3);
    await post(long.id, 5, D(0), 'today');
    const appended = await answer();
    expect(appended.length).toBe(first.length);
    expect(appended.slice(0, -1)).toEqual(first.slice(0, -1));
    expect(appended.at(-1)).not.toBe(first.at(-1));
    // Back-dated into the middle: the blocks before it kept, every later one made again (the balances after it move).
    await post(long.id, 7, D(-450), 'middle');
    const middle = await answer();
    const keptCount = middle.findIndex((block, index) => block !== appended[index]);
    expect(keptCount).toBeGreaterThan(0);
    expect(keptCount).toBeLessThan(appended.length - 1);
  });

  it('when agents’ ledgers exceed the bytes it may hold, then the least recently read are dropped and read again when asked', async () => {
    const a = (await insertAgentWithToken(handle.db, { name: 'Bound A' })).user;
    const b = (await insertAgentWithToken(handle.db, { name: 'Bound B' })).user;
    for (let index = 0; index < 20; index++) {
      await post(a.id, 10 + index, D(-index), 'a'.repeat(100));
      await post(b.id, 20 + index, D(-index), 'b'.repeat(100));
    }
    const unbounded = new LedgerStore({ db: handle.db });
    await unbounded.report({ agentUserId: a.id });
    const aBytes = unbounded.heldBytes();
    await unbounded.report({ agentUserId: b.id });
    const bound = Math.max(aBytes, unbounded.heldBytes() - aBytes) + 100;
    const store = new LedgerStore({ db: handle.db, maxBytes: bound });
    await expectLikeSql(store, a.id);
    expect(store.heldBytes()).toBe(aBytes);
    await expectLikeSql(store, b.id);
    expect(store.heldBytes()).toBeLessThanOrEqual(bound);
    await post(a.id, 1, D(0), 'after');
    await expectLikeSql(store, a.id);
  });
  it('when the longest ledgers are warmed, then those of at least the minimum are held, longest first, until a quarter of the bytes, and their next answers are the statement’s', async () => {
    const long = (await insertAgentWithToken(handle.db, { name: 'Warm Long' })).user;
    const middle = (await insertAgentWithToken(handle.db, { name: 'Warm Middle' })).user;
    const short = (await insertAgentWithToken(handle.db, { name: 'Warm Short' })).user;
    for (let index = 0; index < 60; index++) {
      await post(long.id, 100 + index, D(-index), 'long');
      if (index < 50) await post(middle.id, 200 + index, D(-index), 'middle');
      if (index < 5) await post(short.id, 300 + index, D(-index), 'short');
    }
    const mine = (agents: readonly number[]) => agents.filter((id) => [long.id, middle.id, short.id].includes(id));
    const store = new LedgerStore({ db: handle.db });
    expect(mine(await warmLedgers({ db: handle.db, store, minRows: 45 }))).toEqual([long.id, middle.id]);
    expect([store.holds(long.id), store.holds(middle.id), store.holds(short.id)]).toEqual([true, true, false]);
    // A posting after the warm: the held ledger reads it and answers as the statement does.
    await post(long.id, 1, D(0), 'after the warm');
    await expectLikeSql(store, long.id);
    await expectLikeSql(store, middle.id);

    // A store that may hold little stops once a quarter of it is used.
    const alone = new LedgerStore({ db: handle.db });
    await alone.report({ agentUserId: long.id });
    const small = new LedgerStore({ db: handle.db, maxBytes: alone.heldBytes() * 4 });
    expect(await small.warm([long.id, middle.id])).toEqual([long.id]);
    expect(small.holds(middle.id)).toBe(false);
  });
});
