import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertAirline, insertMySector } from '../../test/inventory-factories.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertDashboardBooking, insertDashboardGroup } from '../dashboard/dashboard.fixtures.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { users, type UserRow } from '../users/users.table.js';
import { sumReceivablesByAge } from './insights.repository.js';
import { getReceivablesByAge, receivablesStoreOf, warmReceivablesByAge } from './insights.usecases.js';
import { ReceivablesStore } from './receivables-store.js';

// Decision 054: the receivables report kept per agent. Every change below is made in SQL, as a hand fix or another
// process would make it (announced to no one): the store must see it from the ledger's revisions, compute only the
// agents it touched, and answer exactly what the whole statement answers.

let t: TestApp;
let store: ReceivablesStore;
const agents: UserRow[] = [];
const carriers = new Map<number, number>();
const today = daysFromToday(0);

async function addRow(agent: UserRow, type: 'out' | 'reversal', day: number, amount: number): Promise<number> {
  const [row] = await t.db
    .insert(ledgerEntries)
    .values({ agentUserId: agent.id, bookingId: carriers.get(agent.id)!, type, amount, entryDate: daysFromToday(day) })
    .returning({ id: ledgerEntries.id });
  return row!.id;
}

/** The store's answer, checked against the whole statement's; returns which agents it computed. */
async function answerMatchesWhole(day = today): Promise<readonly number[] | 'all'> {
  const kept = await store.rows(day);
  expect(kept).toEqual(await sumReceivablesByAge({ db: t.db, today: day }));
  return store.lastComputed;
}

beforeAll(async () => {
  t = await buildTestApp();
  store = new ReceivablesStore({ db: t.db });
  const admin = (await insertUserWithToken(t.db, { role: 'admin' })).user;
  const group = (await insertDashboardGroup(t.db, { airlineId: await insertAirline(t.db), mySectorId: await insertMySector(t.db), firstDay: -40 })).group;
  for (const [name, agencyName] of [['Amna', 'Amna Travels'], ['Bilal', 'Bilal Tours'], ['Kashif', 'Kashif Hajj']] as const) {
    const agent = (await insertUserWithToken(t.db, { name, agencyName })).user;
    agents.push(agent);
    const booking = await insertDashboardBooking(t.db, { group, addedBy: admin.id, agentUserId: agent.id, createdAt: new Date(), state: 'hold' });
    carriers.set(agent.id, booking.id);
  }
  const [amna, bilal, kashif] = agents as [UserRow, UserRow, UserRow];
  await addRow(amna, 'out', -70, 40_000);
  await addRow(amna, 'out', -10, 25_000);
  await addRow(bilal, 'out', -35, 30_000);
  await addRow(bilal, 'reversal', -5, 10_000);
  // Equal totals: the names decide (Amna's 65,000 against Kashif's after the insert below).
  await addRow(kashif, 'out', -2, 20_000);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('ReceivablesStore', () => {
  it('when first asked, then every agent is computed and the answer is the whole statement\'s', async () => {
    expect(await answerMatchesWhole()).toBe('all');
    expect((await store.rows(today)).map((row) => [row.agentName, row.total])).toEqual([
      ['Amna Travels', 65_000],
      ['Bilal Tours', 20_000],
      ['Kashif Hajj', 20_000],
    ]);
  });

  it('when nothing changed, then nothing is computed again', async () => {
    expect(await answerMatchesWhole()).toEqual([]);
  });

  it('when a row is inserted in SQL, then only its agent is computed and the order follows (equal totals by name)', async () => {
    const kashif = agents[2]!;
    await addRow(kashif, 'out', -50, 45_000);
    expect(await answerMatchesWhole()).toEqual([kashif.id]);
    expect((await store.rows(today)).map((row) => [row.agentName, row.total])).toEqual([
      ['Amna Travels', 65_000],
      ['Kashif Hajj', 65_000],
      ['Bilal Tours', 20_000],
    ]);
  });

  it('when a row\'s amount is updated in SQL, then only its agent is computed', async () => {
    const bilal = agents[1]!;
    await t.db.execute(sql`update ${ledgerEntries} set amount = 30000 where ${ledgerEntries.agentUserId} = ${bilal.id} and ${ledgerEntries.type} = 'reversal'`);
    expect(await answerMatchesWhole()).toEqual([bilal.id]);
    // Reversed whole: Bilal owes nothing and is not listed.
    expect((await store.rows(today)).map((row) => row.agentName)).toEqual(['Amna Travels', 'Kashif Hajj']);
  });

  it('when a deleted row held neither the agent\'s highest revision nor rows after it, then the removal alone shows it', async () => {
    const amna = agents[0]!;
    const newest = await addRow(amna, 'out', -1, 5_000);
    // An older row's text changes: its revision is now the agent's highest; the newest-dated row keeps a lower one.
    await t.db.execute(sql`update ${ledgerEntries} set text = 'Corrected by hand' where ${ledgerEntries.agentUserId} = ${amna.id} and ${ledgerEntries.entryDate} = ${daysFromToday(-70)}`);
    expect(await answerMatchesWhole()).toEqual([amna.id]);
    // Deleting the newest-dated row restates no later row: the rows' highest revision stays; ledger_removals moves.
    const highest = async () => {
      const [row] = await t.db.select({ revision: sql<string>`max(${ledgerEntries.revision})::text` }).from(ledgerEntries).where(eq(ledgerEntries.agentUserId, amna.id));
      return row!.revision;
    };
    const before = await highest();
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, newest));
    expect(await highest()).toBe(before);
    expect(await answerMatchesWhole()).toEqual([amna.id]);
    expect((await store.rows(today)).find((row) => row.userId === amna.id)?.total).toBe(65_000);
  });

  it('when a row moves to another agent, then both are computed', async () => {
    const [amna, bilal] = agents as [UserRow, UserRow];
    await t.db.execute(
      sql`update ${ledgerEntries} set agent_user_id = ${bilal.id}, booking_id = ${carriers.get(bilal.id)!} where ${ledgerEntries.agentUserId} = ${amna.id} and ${ledgerEntries.entryDate} = ${daysFromToday(-10)}`,
    );
    expect([...((await answerMatchesWhole()) as number[])].sort((a, b) => a - b)).toEqual([amna.id, bilal.id].sort((a, b) => a - b));
  });

  it('when an agency is renamed, then the new name shows without computing anything', async () => {
    const kashif = agents[2]!;
    await t.db.update(users).set({ agencyName: 'Kashif Umrah Services' }).where(eq(users.id, kashif.id));
    expect(await answerMatchesWhole()).toEqual([]);
    expect((await store.rows(today)).find((row) => row.userId === kashif.id)?.agentName).toBe('Kashif Umrah Services');
  });

  it('when the day changes, then every agent is computed for the new day (the ages move)', async () => {
    expect(await answerMatchesWhole(daysFromToday(40))).toBe('all');
    expect(await answerMatchesWhole(daysFromToday(40))).toEqual([]);
  });

  it('when the server warms the report at start, then the first answer computes no agent and is the whole statement\'s', async () => {
    // The app's own store (the route's), which nothing in this file has used: as after a restart.
    await warmReceivablesByAge({ db: t.db });
    expect(receivablesStoreOf(t.db).lastComputed).toBe('all');
    const answer = await getReceivablesByAge({ db: t.db });
    expect(receivablesStoreOf(t.db).lastComputed).toEqual([]);
    const whole = await sumReceivablesByAge({ db: t.db, today: answer.today });
    expect(whole.length).toBeGreaterThan(0);
    expect(answer.agents.map((agent) => [agent.user_id, agent.total])).toEqual(whole.map((row) => [row.userId, row.total]));
  });
});
