import {
  availableSectorResponseSchema,
  mySectorTicketsResponseSchema,
  searchFlightsBodySchema,
  searchFlightsResponseSchema,
  type SearchFlightsInput,
  type Ticket,
} from '@portal/contract/tickets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { buildGroupBody, daysFromToday, groupRequests, insertAirline, insertInventory, insertMySector, type TestInventory } from '../../test/inventory-factories.js';
import { insertAgentWithToken } from '../bookings/bookings.fixtures.js';
import { bookings } from '../bookings/bookings.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin } from '../ledger/ledger.fixtures.js';
import { sectors } from '../sectors/sectors.table.js';
import { SEATS_MAX_AGE_MS } from './ticket-board.js';
import { getAvailableSectors, getMySectorTickets, searchFlights } from './tickets.usecases.js';

/**
 * Decision 047: the shared ticket reads come from the ticket board (memory) as JSON text. Their bytes are held to what
 * the tickets use cases (SQL) and the routes' zod serialiser give for the same data, and their sold seats follow every
 * write: a hold, a confirm, a cancel, a hold running out with no write at all, a group edit, another app's write.
 * Each read carries its own query string, so the read cache (decision 040) never answers it: the board does.
 */

let t: TestApp;
let admin: string;
let agent: { token: string };
let inventory: TestInventory;
let quoted: TestInventory;
/** Group ids by layout. */
const ids: Record<string, number> = {};
const pnrs: Record<string, string> = {};
let codes: { from: string; to: string; fromCity: string; via: string } = { from: '', to: '', fromCity: '', via: '' };

let readCount = 0;
const fresh = (url: string) => `${url}?board=${++readCount}`;

function read(app: TestApp['app'], method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return app.inject({ method, url: fresh(url), headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  agent = await insertAgentWithToken(t.db, { name: 'Board Agent' });
  inventory = await insertInventory(t.db);
  // Texts JSON must escape, in the airline's and the my-sector's names.
  const airlineId = await insertAirline(t.db, { fullName: 'Air "Quote" \\ é ✓ 😀', logoPath: null });
  const mySectorId = await insertMySector(t.db, { name: 'Umrah "Ramadan" \u2028 ✓' });
  quoted = { ...inventory, airlineId, mySectorId };
  const groupsApi = groupRequests(t, admin);
  const layouts: Array<[string, TestInventory, Parameters<typeof buildGroupBody>[1], Record<string, unknown>]> = [
    ['direct', inventory, { firstDay: 10 }, { price: 120_000 }],
    ['via', inventory, { direction: 2, firstDay: 12 }, { price: 90_000 }],
    ['return', quoted, { ticketType: 2, firstDay: 11 }, { price: 150_000, total_ticket: 4 }],
    ['returnVia', quoted, { ticketType: 2, direction: 2, firstDay: 14 }, { price: 90_000 }],
    ['later', inventory, { firstDay: 40 }, { price: 100_000 }],
  ];
  for (const [name, inv, layout, overrides] of layouts) {
    const body = { ...buildGroupBody(inv, layout), ...overrides };
    ids[name] = await groupsApi.addGroup(body);
    pnrs[name] = String(body.pnr);
  }
  const [first, second] = await Promise.all(
    inventory.sectorIds.slice(0, 2).map(async (id) => (await t.db.select().from(sectors).where(eq(sectors.id, id)))[0]!),
  );
  codes = { from: first!.fromSector, to: first!.toSector, fromCity: first!.fromCity, via: second!.toSector };
  // Seats: a confirmed booking, holds, a cancelled hold.
  const confirmed = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.direct!, adults: 2 });
  await confirmAsAdmin(t.app, { token: admin, bookingId: confirmed });
  await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.return!, adults: 2, infants: 1 });
  await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.via! });
  const cancelled = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.via! });
  await cancelAsAdmin(t.app, { token: admin, bookingId: cancelled });
}, 120_000);
afterAll(() => t.close());

const publicUrl = () => t.config.publicUrl;

describe('ticket board bytes (decision 047)', () => {
  it('when searches of every kind are made, signed in and not, then each answer is the bytes the SQL search and the serialiser give', async () => {
    const bodies: SearchFlightsInput[] = [
      { departure: codes.from, arrival: codes.to, date: '2020-01-01' },
      { departure: codes.fromCity.toLowerCase(), arrival: codes.to.toLowerCase(), date: '2020-01-01', sort: 'price' },
      { departure: ` ${codes.from} `, arrival: codes.via, date: '2020-01-01', sort: 'seats' },
      { departure: codes.from, arrival: codes.to, date: daysFromToday(11) },
      { departure: codes.from, arrival: codes.to, date: '2020-01-01', airline: 'quote' },
      { departure: codes.from, arrival: codes.to, date: '2020-01-01', airline: 'é ✓', sort: 'price' },
      { departure: codes.from, arrival: codes.to, date: '2020-01-01', airline: '%' },
      { departure: codes.to, arrival: codes.from, date: '2020-01-01' },
      { departure: 'NOWHERE', arrival: codes.to, date: '2020-01-01' },
    ];
    let nonEmpty = 0;
    for (const body of bodies) {
      for (const token of [agent.token, null]) {
        const response = await read(t.app, 'POST', '/api/search-flights', token, body);
        expect(response.statusCode, response.body).toBe(200);
        const input = searchFlightsBodySchema.parse(body);
        const expected = { data: await searchFlights({ db: t.db, publicUrl: publicUrl(), withPrices: token !== null, input }) };
        expect(response.body, JSON.stringify(body)).toBe(JSON.stringify(searchFlightsResponseSchema.parse(expected)));
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        if (expected.data.length > 0) nonEmpty += 1;
      }
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(10);
  });

  it('when available-sector and both my-sector lists are read, then each answer is the bytes the SQL use cases and the serialiser give', async () => {
    for (const token of [agent.token, null]) {
      const response = await read(t.app, 'GET', '/api/available-sector', token);
      expect(response.statusCode, response.body).toBe(200);
      const expected = await getAvailableSectors({ db: t.db, publicUrl: publicUrl(), withPrices: token !== null });
      expect(response.body).toBe(JSON.stringify(availableSectorResponseSchema.parse(expected)));
    }
    for (const mySectorId of [inventory.mySectorId, quoted.mySectorId]) {
      for (const [url, token] of [['/api/pnr-respect-to-mysector', admin], ['/api/pnr-respect-to-mysector-user', agent.token]] as const) {
        const response = await read(t.app, 'POST', url, token, { my_sector_id: mySectorId });
        expect(response.statusCode, response.body).toBe(200);
        const expected = await getMySectorTickets({ db: t.db, publicUrl: publicUrl(), withPrices: true, mySectorId });
        expect(expected.tickets.length).toBeGreaterThan(0);
        expect(response.body).toBe(JSON.stringify(mySectorTicketsResponseSchema.parse(expected)));
      }
    }
    const unknown = await read(t.app, 'POST', '/api/pnr-respect-to-mysector-user', agent.token, { my_sector_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
  });
});

async function soldOf(app: TestApp['app'], groupId: number, token: string | null = agent.token): Promise<Ticket | undefined> {
  const response = await read(app, 'POST', '/api/search-flights', token, { departure: codes.from, arrival: codes.to, date: '2020-01-01' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Ticket[]).find((ticket) => ticket.id === groupId);
}

describe('ticket board seats (decision 047)', () => {
  it('when a hold is made, confirmed and cancelled through the API, then the next read shows each step', async () => {
    const before = (await soldOf(t.app, ids.later!))!;
    const hold = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.later!, adults: 3 });
    expect((await soldOf(t.app, ids.later!))!).toMatchObject({ sold: before.sold + 3, remaining: before.remaining - 3 });
    await confirmAsAdmin(t.app, { token: admin, bookingId: hold });
    expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold + 3);
    await cancelAsAdmin(t.app, { token: admin, bookingId: hold });
    expect((await soldOf(t.app, ids.later!))!).toMatchObject({ sold: before.sold, remaining: before.remaining });
    // The answer built afterwards from the database agrees.
    const [expected] = (await searchFlights({ db: t.db, publicUrl: publicUrl(), withPrices: true, input: { departure: codes.from, arrival: codes.to, date: '2020-01-01', airline: undefined, sort: 'date' } })).filter(
      (ticket) => ticket.id === ids.later,
    );
    expect(expected!.sold).toBe(before.sold);
  });

  it('when a hold runs out, then the next read stops counting it though nothing was written or swept', async () => {
    const hold = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.return!, adults: 1 });
    await t.db.update(bookings).set({ cancelAt: sql`now() + interval '1500 milliseconds'` }).where(eq(bookings.id, hold));
    // The cancel_at moved behind the board's back: read everything again, once.
    t.dataChanged();
    const counted = (await soldOf(t.app, ids.return!))!;
    const start = Date.now();
    expect(counted.alert).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_700 - (Date.now() - start))));
    const after = (await soldOf(t.app, ids.return!))!;
    expect(after).toMatchObject({ sold: counted.sold - 1, remaining: counted.remaining + 1 });
    const [row] = await t.db.select({ cancelStatus: bookings.cancelStatus }).from(bookings).where(eq(bookings.id, hold));
    expect(row!.cancelStatus).toBe(false);
  });

  it('when an admin edits a group, then the next read shows the new card', async () => {
    expect((await soldOf(t.app, ids.direct!))!.price).toBe(120_000);
    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/update-group',
      headers: bearer(admin),
      payload: { ...buildGroupBody(inventory, { firstDay: 10, pnr: pnrs.direct! }), group_id: ids.direct, price: 125_000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await soldOf(t.app, ids.direct!))!.price).toBe(125_000);
    expect((await soldOf(t.app, ids.direct!, null))!.price).toBeNull();
  });

  it('when another app on the same database takes a hold and says so, then this app shows it at once', async () => {
    const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    const other = await buildTestApp({ database: { db: t.db, engine, close: async () => undefined } });
    try {
      // As with Redis (realtime.ts): the other app's changes reach this one with their scopes.
      const heard: unknown[] = [];
      other.app.dataChanges.addPeerBroadcast((scopes) => {
        heard.push(scopes);
        t.app.dataChanges.changedElsewhere(scopes);
      });
      const before = (await soldOf(t.app, ids.later!))!;
      const hold = await bookAsAgent(other.app, multipart, { token: agent.token, pnr: pnrs.later!, adults: 2 });
      expect(heard).toContainEqual(expect.arrayContaining([`group:${ids.later}`]));
      expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold + 2);
      await cancelAsAdmin(other.app, { token: admin, bookingId: hold });
      expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold);
    } finally {
      await other.close();
    }
  });

  it("when seats change behind the board's back, then a group's scope re-reads that group at once and every group is read again once its seats are SEATS_MAX_AGE_MS old", async () => {
    const before = (await soldOf(t.app, ids.later!))!;
    const hold = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.later!, adults: 1 });
    expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold + 1);
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, hold));
    t.app.dataChanges.changed([`group:${ids.later}`]);
    expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold);
    // Written straight into the database and never announced: shown when the kept seats are too old to serve.
    const unannounced = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: pnrs.later!, adults: 1 });
    expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold + 1);
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, unannounced));
    vi.useFakeTimers({ now: Date.now() + SEATS_MAX_AGE_MS + 1, toFake: ['Date'] });
    try {
      expect((await soldOf(t.app, ids.later!))!.sold).toBe(before.sold);
    } finally {
      vi.useRealTimers();
    }
  });
});
