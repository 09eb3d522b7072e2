import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertAirline, insertBooking, insertMySector } from '../../test/inventory-factories.js';
import { postForm } from '../../test/uploads.js';
import { airlines } from '../airlines/airlines.table.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { eq } from 'drizzle-orm';

// search-flights' airline filter and sort (issue 21 point 4, decision 023).

let t: TestApp;
let agent: string;
let adminId: number;
let from: string;
let to: string;
/** Groups by name: a (day 3, 90,000, 10 seats, Saudia), b (day 5, 70,000, 2 left, PIA), c (day 7, fare on call, 6 seats, PIA), d (day 9, 80,000, 8 seats, Saudia). */
const g: Record<string, number> = {};
const pnr: Record<string, string> = {};

function code(): string {
  return Array.from(randomBytes(3), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[byte % 26]).join('');
}

beforeAll(async () => {
  ({ t, agentToken: agent } = await startAppWithAdminAndAgent());
  adminId = (await t.createAdmin()).user.id;
  const saudia = await insertAirline(t.db, { fullName: 'Saudia' });
  await t.db.update(airlines).set({ shortName: 'SV' }).where(eq(airlines.id, saudia));
  const pia = await insertAirline(t.db, { fullName: 'Pakistan International Airlines' });
  await t.db.update(airlines).set({ shortName: 'PIA' }).where(eq(airlines.id, pia));
  const mySectorId = await insertMySector(t.db, { name: 'Sort Sector' });
  from = code();
  to = code();
  const [sector] = await t.db.insert(sectors).values({ fromSector: from, toSector: to, fromCity: `${from} CITY`, toCity: `${to} CITY` }).returning();
  const add = async (name: string, { day, price, airlineId, seats, sold = 0 }: { day: number; price: number; airlineId: number; seats: number; sold?: number }) => {
    pnr[name] = `SRT${name.toUpperCase()}${code()}`;
    const [group] = await t.db
      .insert(groups)
      .values({
        pnr: pnr[name]!,
        airlineId,
        mySectorId,
        ticketType: 1,
        direction: 1,
        ticketsWehave: seats,
        totalTicket: seats,
        price,
        infantPrice: 10_000,
        departureDate: daysFromToday(day),
      })
      .returning();
    await t.db.insert(groupLegs).values({
      groupId: group!.id,
      position: 0,
      sectorId: sector!.id,
      flightNumber: 'SV 700',
      baggageKg: 30,
      handCarryKg: 7,
      departureDate: daysFromToday(day),
      departureTime: '10:00',
      departureAirport: 'Departure Intl',
      arrivalDate: daysFromToday(day),
      arrivalTime: '14:00',
      arrivalAirport: 'Arrival Intl',
    });
    if (sold > 0) await insertBooking(t.db, { groupId: group!.id, addedBy: adminId, adults: sold });
    g[name] = group!.id;
  };
  await add('a', { day: 3, price: 90_000, airlineId: saudia, seats: 10 });
  await add('b', { day: 5, price: 70_000, airlineId: pia, seats: 5, sold: 3 });
  await add('c', { day: 7, price: 0, airlineId: pia, seats: 6 });
  await add('d', { day: 9, price: 80_000, airlineId: saudia, seats: 8 });
});
afterAll(() => t.close());

async function searchNames(body: Record<string, unknown>, token: string | null = agent): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/search-flights',
    payload: { departure: from, arrival: to, date: daysFromToday(0), ...body },
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const byPnr = Object.fromEntries(Object.entries(pnr).map(([name, value]) => [value, name]));
  return (response.json().data as Array<{ pnr: string }>).map((ticket) => byPnr[ticket.pnr] ?? ticket.pnr);
}

describe('POST /api/search-flights: sort', () => {
  it('when no sort is sent, or sort=date, then the soonest departure comes first', async () => {
    expect(await searchNames({})).toEqual(['a', 'b', 'c', 'd']);
    expect(await searchNames({ sort: 'date' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it("when a signed-in agent sorts by price, then the cheapest comes first and 'Fare on call' last", async () => {
    expect(await searchNames({ sort: 'price' })).toEqual(['b', 'd', 'a', 'c']);
  });

  it('when a signed-in agent sorts by seats, then the most seats left come first, ties in date order', async () => {
    expect(await searchNames({ sort: 'seats' })).toEqual(['a', 'd', 'c', 'b']);
  });

  it('when a visitor sorts by price, then the date order stays (prices are not shown to visitors, nor their order)', async () => {
    expect(await searchNames({ sort: 'price' }, null)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('when the sort is unknown, then 422 on sort; an empty one is the default', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search-flights',
      payload: { departure: from, arrival: to, date: daysFromToday(0), sort: 'cheapest' },
      headers: bearer(agent),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.sort).toEqual(['The sort must be one of date, price or seats.']);
    expect(await searchNames({ sort: '' })).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('POST /api/search-flights: airline', () => {
  it('when part of an airline full or short name is sent in any case, then only its groups come', async () => {
    expect(await searchNames({ airline: 'saudi' })).toEqual(['a', 'd']);
    expect(await searchNames({ airline: ' pia ' })).toEqual(['b', 'c']);
    expect(await searchNames({ airline: 'Pakistan International' }, null)).toEqual(['b', 'c']);
  });

  it('when the airline is combined with a sort and a later date, as a form, then both apply', async () => {
    const response = await postForm(
      t.app,
      '/api/search-flights',
      [
        ['departure', from],
        ['arrival', to],
        ['date', daysFromToday(4)],
        ['airline', 'sv'],
        ['sort', 'price'],
      ],
      agent,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as Array<{ pnr: string }>).map((ticket) => ticket.pnr)).toEqual([pnr.d]);
  });

  it('when the airline is empty, then every airline comes; when no airline matches, then none', async () => {
    expect(await searchNames({ airline: '' })).toEqual(['a', 'b', 'c', 'd']);
    expect(await searchNames({ airline: 'Emirates' })).toEqual([]);
    expect(await searchNames({ airline: '%' })).toEqual([]);
  });

  it('when the airline is longer than 100 characters, then 422 on airline', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search-flights',
      payload: { departure: from, arrival: to, date: daysFromToday(0), airline: 'x'.repeat(101) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.airline).toEqual(['The airline may not be greater than 100 characters.']);
  });
});
