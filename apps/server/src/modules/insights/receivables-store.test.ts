import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertAirline, insertMySector } from '../../test/inventory-factories.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertDashboardBooking, insertDashboardGroup } from '../dashboard/dashboard.fixtures.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { payments } from '../payments/payments.table.js';
import { users, type UserRow } from '../users/users.table.js';
import { getReceivablesByAge, receivablesStoreOf, warmReceivablesByAge } from './insights.usecases.js';
import { ReceivablesStore } from './receivables-store.js';
import { sumReceivablesInSql } from './receivables.reference.js';

// Decisions 054 and 075: the receivables report kept per agent, computed from the ledger rows the store holds. Every
// change below is made in SQL, as a hand fix or another process would make it (announced to no one): the store must see
// it from the ledger's revisions, read only the rows written since (an agent's whole ledger after a removal), compute
// only the agents it touched, and answer exactly what decision 034's whole statement answers.

let t: TestApp;
let store: ReceivablesStore;
let admin: UserRow;
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
  expect(kept).toEqual(await sumReceivablesInSql({ db: t.db, today: day }));
  return store.lastComputed;
}

beforeAll(async () => {
  t = await buildTestApp();
  store = new ReceivablesStore({ db: t.db });
  admin = (await insertUserWithToken(t.db, { role: 'admin' })).user;
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
    expect(store.lastReadWhole).toEqual([]);
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
    // The updated row alone is read again and takes the place of the one held.
    expect(store.lastReadWhole).toEqual([]);
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
    expect(store.lastReadWhole).toEqual([amna.id]);
    expect((await store.rows(today)).find((row) => row.userId === amna.id)?.total).toBe(65_000);
  });

  it('when a row moves to another agent, then both are computed', async () => {
    const [amna, bilal] = agents as [UserRow, UserRow];
    await t.db.execute(
      sql`update ${ledgerEntries} set agent_user_id = ${bilal.id}, booking_id = ${carriers.get(bilal.id)!} where ${ledgerEntries.agentUserId} = ${amna.id} and ${ledgerEntries.entryDate} = ${daysFromToday(-10)}`,
    );
    expect([...((await answerMatchesWhole()) as number[])].sort((a, b) => a - b)).toEqual([amna.id, bilal.id].sort((a, b) => a - b));
    // Amna lost a row (a removal): her ledger is read whole. Bilal gained one: only it is read.
    expect(store.lastReadWhole).toEqual([amna.id]);
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
    const whole = await sumReceivablesInSql({ db: t.db, today: answer.today });
    expect(whole.length).toBeGreaterThan(0);
    expect(answer.agents.map((agent) => [agent.user_id, agent.total])).toEqual(whole.map((row) => [row.userId, row.total]));
  });
});

describe('ReceivablesStore against the whole statement, on generated ledgers', () => {
  /** A small deterministic generator (mulberry32), so that a failure can be replayed. */
  function generator(seed: number): (below: number) => number {
    let state = seed;
    return (below) => {
      state = (state + 0x6d2b79f5) | 0;
      let x = Math.imul(state ^ (state >>> 15), 1 | state);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4_294_967_296) * below);
    };
  }

  it('when rows are posted, edited, re-dated, moved and deleted in rounds, then every answer is the whole statement\'s, today and on later days', async () => {
    const random = generator(20_261_129);
    const group = (await insertDashboardGroup(t.db, { airlineId: await insertAirline(t.db), mySectorId: await insertMySector(t.db), firstDay: -120 })).group;
    const people: UserRow[] = [];
    const bookingsOf = new Map<number, number[]>();
    for (let i = 0; i < 5; i++) {
      const agent = (await insertUserWithToken(t.db, { name: `Generated ${i}`, agencyName: i % 2 ? `Agency ${i}` : '' })).user;
      people.push(agent);
      const held: number[] = [];
      for (let b = 0; b < 3; b++) {
        held.push((await insertDashboardBooking(t.db, { group, addedBy: admin.id, agentUserId: agent.id, createdAt: new Date(), state: 'hold' })).id);
      }
      bookingsOf.set(agent.id, held);
    }
    const generated = new ReceivablesStore({ db: t.db });
    const amount = () => (1 + random(40)) * 1_000;
    const day = () => daysFromToday(random(130) - 125);
    for (let round = 0; round < 8; round++) {
      for (let n = 0; n < 12; n++) {
        const agent = people[random(people.length)]!;
        const booking = bookingsOf.get(agent.id)![random(3)]!;
        const kind = random(10);
        if (kind < 5) {
          await t.db.insert(ledgerEntries).values({ agentUserId: agent.id, bookingId: random(8) === 0 ? null : booking, type: 'out', amount: amount(), entryDate: day() });
        } else if (kind < 7) {
          // A reversal of a booking (part, all or more than its debts), now and then of no booking.
          await t.db.insert(ledgerEntries).values({ agentUserId: agent.id, bookingId: random(5) === 0 ? null : booking, type: 'reversal', amount: amount(), entryDate: day() });
        } else {
          const [payment] = await t.db
            .insert(payments)
            .values({ bookingId: booking, receiveDate: daysFromToday(-200), receiveAmount: 1_000, addedBy: admin.id })
            .returning({ id: payments.id });
          await t.db.insert(ledgerEntries).values({ agentUserId: agent.id, bookingId: booking, paymentId: payment!.id, type: 'in', amount: amount(), entryDate: day() });
        }
      }
      const ids = (await t.db.select({ id: ledgerEntries.id, agent: ledgerEntries.agentUserId, type: ledgerEntries.type }).from(ledgerEntries)).filter((row) =>
        people.some((person) => person.id === row.agent),
      );
      const pick = () => ids[random(ids.length)]!;
      // Edits made by hand: an amount, a date, a row moved to another agent's booking, a deleted row.
      await t.db.update(ledgerEntries).set({ amount: amount() }).where(eq(ledgerEntries.id, pick().id));
      await t.db.update(ledgerEntries).set({ entryDate: day() }).where(eq(ledgerEntries.id, pick().id));
      const moved = pick();
      if (moved.type !== 'in') {
        const to = people[random(people.length)]!;
        await t.db.update(ledgerEntries).set({ agentUserId: to.id, bookingId: bookingsOf.get(to.id)![0]! }).where(eq(ledgerEntries.id, moved.id));
      }
      const gone = pick();
      if (gone.type !== 'in' && round % 2 === 1) await t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, gone.id));
      for (const later of [0, 1, 3, 7, 8, 9, 23, 30, 31, 38, 60, 61]) {
        const on = daysFromToday(later);
        expect(await generated.rows(on), `round ${round}, ${later} days on`).toEqual(await sumReceivablesInSql({ db: t.db, today: on }));
      }
    }
    // Some generated agents owe, some are paid up: both kinds were compared.
    const owing = (await generated.rows(today)).filter((row) => people.some((person) => person.id === row.userId));
    expect(owing.length).toBeGreaterThan(0);
    expect(owing.length).toBeLessThan(people.length);
  });

  it('when the ledger is emptied without row triggers (a truncate), then every agent\'s rows are read whole and nothing is owed', async () => {
    const kept = new ReceivablesStore({ db: t.db });
    expect((await kept.rows(today)).length).toBeGreaterThan(0);
    await t.db.execute(sql`truncate ${ledgerEntries}`);
    expect(await kept.rows(today)).toEqual([]);
    expect(kept.lastReadWhole).not.toEqual([]);
    expect(await sumReceivablesInSql({ db: t.db, today })).toEqual([]);
  });
});
