import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertAirline, insertBooking, insertMySector } from '../../test/inventory-factories.js';
import { postForm } from '../../test/uploads.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { sectors } from '../sectors/sectors.table.js';

let t: TestApp;
let admin: string;
let adminId: number;
let agent: string;
let agentId: number;
let airlineId: number;
let mySectorId: number;

beforeAll(async () => {
  ({ t, admin, agentToken: agent, agent: { user: { id: agentId } } } = await startAppWithAdminAndAgent());
  const second = await t.createAdmin();
  adminId = second.user.id;
  airlineId = await insertAirline(t.db, { fullName: 'Search Air', logoPath: 'public/airline_logo/search-air.png' });
  mySectorId = await insertMySector(t.db, { name: 'Search Sector' });
});
afterAll(() => t.close());

// ---- Fixtures: sectors with distinct codes and cities per test, groups with explicit legs -----------

function letters(count: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(count), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Three airports with fresh codes and cities, e.g. {code: 'QWE', city: 'CITY QWEXYZ'}. */
function airports(count = 3): Array<{ code: string; city: string }> {
  return Array.from({ length: count }, () => {
    const code = letters(3);
    return { code, city: `CITY ${code}${letters(4)}` };
  });
}

async function insertSectorRow(db: Database, from: { code: string; city: string }, to: { code: string; city: string }) {
  const [row] = await db
    .insert(sectors)
    .values({ fromSector: from.code, toSector: to.code, fromCity: from.city, toCity: to.city })
    .returning({ id: sectors.id });
  return row!.id;
}

interface LegSpec {
  sectorId: number;
  /** Days after today (Asia/Karachi). */
  day: number;
  time?: string;
}

let pnrCounter = 0;

async function insertGroup({
  legs,
  ticketType = 1,
  direction = 1,
  totalTicket = 10,
  price = 95_000,
  infantPrice = 20_000,
  closeStatus = false,
  deleted = false,
  meal = true,
}: {
  legs: LegSpec[];
  ticketType?: 1 | 2;
  direction?: 1 | 2;
  totalTicket?: number;
  price?: number;
  infantPrice?: number;
  closeStatus?: boolean;
  deleted?: boolean;
  meal?: boolean;
}) {
  pnrCounter += 1;
  const [group] = await t.db
    .insert(groups)
    .values({
      pnr: `SRCH${pnrCounter}${letters(2)}`,
      airlineId,
      mySectorId,
      ticketType,
      direction,
      meal,
      ticketsWehave: totalTicket,
      totalTicket,
      price,
      infantPrice,
      closeStatus,
      departureDate: daysFromToday(legs[0]!.day),
      deletedAt: deleted ? new Date() : null,
    })
    .returning();
  await t.db.insert(groupLegs).values(
    legs.map((leg, position) => ({
      groupId: group!.id,
      position,
      sectorId: leg.sectorId,
      flightNumber: `PK ${300 + position}`,
      baggageKg: 30,
      handCarryKg: 7,
      departureDate: daysFromToday(leg.day),
      departureTime: leg.time ?? '09:05',
      departureAirport: 'Departure Intl',
      departureTerminal: position === 0 ? 'T1' : null,
      arrivalDate: daysFromToday(leg.day),
      arrivalTime: '13:40',
      arrivalAirport: 'Arrival Intl',
    })),
  );
  return group!;
}

function search(body: Record<string, unknown>, token: string | null = null) {
  return t.app.inject({ method: 'POST', url: '/api/search-flights', payload: body, headers: token ? bearer(token) : {} });
}

type Ticket = { id: number; pnr: string; price: number | null; infant_price: number | null; sold: number; remaining: number; alert: boolean };

async function searchPnrs(body: Record<string, unknown>, token: string | null = null): Promise<string[]> {
  const response = await search(body, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Ticket[]).map((ticket) => ticket.pnr);
}

// ---- Tests ----------------------------------------------------------------------------------------------

describe('POST /api/search-flights: matching', () => {
  it('when a visitor searches by codes, then the matching ticket card comes without prices', async () => {
    const [lhe, jed] = airports();
    const sectorId = await insertSectorRow(t.db, lhe!, jed!);
    const group = await insertGroup({ legs: [{ sectorId, day: 10, time: '03:15' }] });
    const response = await search({ departure: lhe!.code, arrival: jed!.code, date: daysFromToday(10) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: group.id,
          pnr: group.pnr,
          air_line_logo: '/uploads/public/airline_logo/search-air.png',
          airline: airlineId,
          air_line: 'Search Air',
          sector: `${lhe!.code} - ${jed!.code}`,
          sectorshort: `${lhe!.code}-${jed!.code}`,
          subpart: [
            {
              position: 0,
              day: new Date(`${daysFromToday(10)}T00:00:00Z`).toUTCString().slice(0, 3),
              departure_date: daysFromToday(10),
              departure_time: '03:15',
              arivval_date: daysFromToday(10),
              arivval_time: '13:40',
              departure_baggage: 30,
              departure_handcarry: 7,
              departure_flight_number: 'PK 300',
              departure_sector_name: `${lhe!.code} - ${jed!.code}`,
              from_sector: lhe!.code,
              to_sector: jed!.code,
              from_city: lhe!.city,
              to_city: jed!.city,
              departure_airport_name: 'Departure Intl',
              departure_terminal: 'T1',
              arivval_airport_name: 'Arrival Intl',
              arivval_terminal: null,
            },
          ],
          meal: 1,
          ticket_type: 1,
          direction: 1,
          price: null,
          infant_price: null,
          alert: false,
          total_ticket: 10,
          sold: 0,
          remaining: 10,
          date: daysFromToday(10),
          my_sector_id: mySectorId,
          updated_at: group.updatedAt.toISOString(),
          name_deadline: null,
        },
      ],
    });
  });

  it('when a signed-in agent or admin searches by city in any case, as a form, then the prices come', async () => {
    const [from, to] = airports();
    const sectorId = await insertSectorRow(t.db, from!, to!);
    const group = await insertGroup({ legs: [{ sectorId, day: 4 }], price: 120_000, infantPrice: 15_000 });
    const fields: Array<[string, string]> = [
      ['departure', ` ${from!.city.toLowerCase()} `],
      ['arrival', to!.city],
      ['date', daysFromToday(4)],
    ];
    for (const token of [agent, admin]) {
      const response = await postForm(t.app, '/api/search-flights', fields, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual([expect.objectContaining({ pnr: group.pnr, price: 120_000, infant_price: 15_000 })]);
    }
  });

  it('when a date is given, then groups leaving that day or later come, soonest first, earlier ones do not', async () => {
    const [from, to] = airports();
    const sectorId = await insertSectorRow(t.db, from!, to!);
    const before = await insertGroup({ legs: [{ sectorId, day: 19 }] });
    const later = await insertGroup({ legs: [{ sectorId, day: 26 }] });
    const sameDayLate = await insertGroup({ legs: [{ sectorId, day: 20, time: '22:00' }] });
    const sameDayEarly = await insertGroup({ legs: [{ sectorId, day: 20, time: '06:30' }] });
    const pnrs = await searchPnrs({ departure: from!.code, arrival: to!.code, date: daysFromToday(20) });
    expect(pnrs).toEqual([sameDayEarly.pnr, sameDayLate.pnr, later.pnr]);
    expect(pnrs).not.toContain(before.pnr);
  });

  it('when the date is past, then the search runs from today and flown groups stay out', async () => {
    const [from, to] = airports();
    const sectorId = await insertSectorRow(t.db, from!, to!);
    const flown = await insertGroup({ legs: [{ sectorId, day: -1 }] });
    const today = await insertGroup({ legs: [{ sectorId, day: 0 }] });
    expect(await searchPnrs({ departure: from!.code, arrival: to!.code, date: daysFromToday(-5) })).toEqual([today.pnr]);
    expect(flown.pnr).not.toBe(today.pnr);
  });

  it('when a group is via, then it is found from its first departure to its final arrival, not to the stop', async () => {
    const [lhe, dxb, jed] = airports();
    const first = await insertSectorRow(t.db, lhe!, dxb!);
    const second = await insertSectorRow(t.db, dxb!, jed!);
    const group = await insertGroup({ direction: 2, legs: [{ sectorId: first, day: 8 }, { sectorId: second, day: 8 }] });
    const date = daysFromToday(1);
    expect(await searchPnrs({ departure: lhe!.code, arrival: jed!.code, date })).toEqual([group.pnr]);
    expect(await searchPnrs({ departure: lhe!.code, arrival: dxb!.code, date })).toEqual([]);
    expect(await searchPnrs({ departure: dxb!.code, arrival: jed!.code, date })).toEqual([]);
    const [ticket] = (await search({ departure: lhe!.code, arrival: jed!.code, date })).json().data;
    expect(ticket.sector).toBe(`${lhe!.code} - ${jed!.code}`);
    expect(ticket.sectorshort).toBe(`${lhe!.code}-${dxb!.code}-${jed!.code}`);
    expect(ticket.subpart).toHaveLength(2);
  });

  it('when a group is a round trip, then it is found by its outbound half only', async () => {
    const [lhe, jed, dxb] = airports();
    const out = await insertSectorRow(t.db, lhe!, jed!);
    const back = await insertSectorRow(t.db, jed!, lhe!);
    const direct = await insertGroup({ ticketType: 2, legs: [{ sectorId: out, day: 12 }, { sectorId: back, day: 30 }] });
    const viaOut1 = await insertSectorRow(t.db, lhe!, dxb!);
    const viaOut2 = await insertSectorRow(t.db, dxb!, jed!);
    const viaBack1 = await insertSectorRow(t.db, jed!, dxb!);
    const viaBack2 = await insertSectorRow(t.db, dxb!, lhe!);
    const via = await insertGroup({
      ticketType: 2,
      direction: 2,
      legs: [
        { sectorId: viaOut1, day: 13 },
        { sectorId: viaOut2, day: 13 },
        { sectorId: viaBack1, day: 31 },
        { sectorId: viaBack2, day: 31 },
      ],
    });
    const date = daysFromToday(1);
    expect(await searchPnrs({ departure: lhe!.code, arrival: jed!.code, date })).toEqual([direct.pnr, via.pnr]);
    expect(await searchPnrs({ departure: jed!.code, arrival: lhe!.code, date })).toEqual([]);
    const tickets = (await search({ departure: lhe!.city, arrival: jed!.city, date })).json().data;
    expect(tickets.map((ticket: { sectorshort: string }) => ticket.sectorshort)).toEqual([
      `${lhe!.code}-${jed!.code}-${lhe!.code}`,
      `${lhe!.code}-${dxb!.code}-${jed!.code}-${dxb!.code}-${lhe!.code}`,
    ]);
    expect(tickets[0].sector).toBe(`${lhe!.code} - ${jed!.code}`);
  });

  it('when groups are closed, deleted or flown, then they are not offered', async () => {
    const [from, to] = airports();
    const sectorId = await insertSectorRow(t.db, from!, to!);
    const open = await insertGroup({ legs: [{ sectorId, day: 5 }] });
    await insertGroup({ legs: [{ sectorId, day: 5 }], closeStatus: true });
    await insertGroup({ legs: [{ sectorId, day: 5 }], deleted: true });
    await insertGroup({ legs: [{ sectorId, day: -2 }] });
    expect(await searchPnrs({ departure: from!.code, arrival: to!.code, date: daysFromToday(-3) }, agent)).toEqual([open.pnr]);
  });
});

describe('POST /api/search-flights: seats', () => {
  it('when bookings exist, then sold counts adults and children of live bookings only, and alert shows at 3 left', async () => {
    const [from, to] = airports();
    const sectorId = await insertSectorRow(t.db, from!, to!);
    const threeLeft = await insertGroup({ legs: [{ sectorId, day: 6 }], totalTicket: 7 });
    const fourLeft = await insertGroup({ legs: [{ sectorId, day: 7 }], totalTicket: 8 });
    const soldOut = await insertGroup({ legs: [{ sectorId, day: 9 }], totalTicket: 2 });
    for (const group of [threeLeft, fourLeft]) {
      await insertBooking(t.db, { groupId: group.id, addedBy: agentId, agentUserId: agentId, adults: 2, children: 1, infants: 2 });
      await insertBooking(t.db, { groupId: group.id, addedBy: adminId, adults: 1 });
      await insertBooking(t.db, { groupId: group.id, addedBy: agentId, agentUserId: agentId, adults: 5, cancelled: true });
    }
    await insertBooking(t.db, { groupId: soldOut.id, addedBy: adminId, adults: 2 });

    const response = await search({ departure: from!.code, arrival: to!.code, date: daysFromToday(0) }, agent);
    const tickets = response.json().data as Ticket[];
    const seats = tickets.map(({ pnr, sold, remaining, alert }) => ({ pnr, sold, remaining, alert }));
    expect(seats).toEqual([
      { pnr: threeLeft.pnr, sold: 4, remaining: 3, alert: true },
      { pnr: fourLeft.pnr, sold: 4, remaining: 4, alert: false },
      // Sold out stays listed with 0 remaining (the card shows no Book button).
      { pnr: soldOut.pnr, sold: 2, remaining: 0, alert: true },
    ]);
  });
});

describe('POST /api/search-flights: validation', () => {
  it('when every field is missing, then 422 with the three required messages', async () => {
    const response = await search({});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The departure field is required.',
      errors: {
        departure: ['The departure field is required.'],
        arrival: ['The arrival field is required.'],
        date: ['The date field is required.'],
      },
    });
  });

  it('when fields are blank or the date is not a date, then 422 per field', async () => {
    const response = await postForm(t.app, '/api/search-flights', [
      ['departure', '  '],
      ['arrival', 'JED'],
      ['date', '2026-02-30'],
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      departure: ['The departure field is required.'],
      date: ['The date is not a valid date (YYYY-MM-DD).'],
    });
  });

  it('when nothing matches, then 200 with an empty list', async () => {
    const response = await search({ departure: 'NOWHERE', arrival: 'JED', date: daysFromToday(1) }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });
});
