import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertTestGroup, insertUserWithToken, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import type { UserRow } from '../users/users.table.js';
import { formatNameListDate, renderNameList, type NameListPassenger } from './name-list.js';
import { parseCsv } from './ticket-import-file.js';
import { insertNamedBooking } from './ticketing.fixtures.js';

// pnr-namelist and pnr-passengers (PRODUCT §6, decision 031): the airline's name list of the live bookings, infants
// under the adult they travel with; the ticket-number screen's passengers.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;
let family: { id: number; passengerIds: number[] };
let single: { id: number; passengerIds: number[] };
let held: { id: number; passengerIds: number[] };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db, { name: 'Imran Qureshi', agencyName: 'Al-Haram Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100 });
  const common = { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id };
  // The father is entered first, the infant carries the mother's surname: it goes under her.
  family = await insertNamedBooking(t.db, {
    ...common,
    passengers: [
      { firstname: 'ALI RAZA', lastname: 'KHAN' },
      { firstname: 'AYESHA', lastname: 'MALIK', title: 'Mrs' },
      { type: 'child', firstname: 'OMAR', lastname: 'KHAN', title: 'Mstr' },
      { type: 'infant', firstname: 'ZAIN', lastname: 'MALIK', title: 'Inf', dob: '2025-04-09' },
    ],
  });
  await insertNamedBooking(t.db, { ...common, state: 'cancelled', passengers: [{ firstname: 'GONE', lastname: 'AWAY' }] });
  single = await insertNamedBooking(t.db, {
    ...common,
    agentUserId: null,
    passengers: [
      { firstname: 'SANA', lastname: 'IQBAL', title: 'Ms' },
      { type: 'infant', firstname: 'HIBA', lastname: 'RAUF', title: 'Inf', dob: '2026-01-31' },
    ],
  });
  held = await insertNamedBooking(t.db, { ...common, state: 'hold', passengers: [{ firstname: 'USMAN', lastname: 'TARIQ' }] });
});
afterAll(() => t.close());

function get(url: string, token = admin.token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

describe('pnr-namelist', () => {
  it('when asked for a PNR, then its live bookings are listed as the airline takes them, infants under their adults', async () => {
    const response = await get(`/api/pnr-namelist?pnr=${group.group.pnr.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        '1. KHAN/ALI RAZA MR',
        '2. MALIK/AYESHA MRS',
        'INF MALIK/ZAIN DOB 09APR25',
        '3. KHAN/OMAR MSTR',
        '4. IQBAL/SANA MS',
        'INF RAUF/HIBA DOB 31JAN26',
        '5. TARIQ/USMAN MR',
        '',
      ].join('\n'),
    );
  });

  it('when the PNR is unknown or missing, then 404 or 422; when an agent asks, 403', async () => {
    expect((await get('/api/pnr-namelist?pnr=NOPE99')).json()).toEqual({ message: 'PNR not found.' });
    const missing = await get('/api/pnr-namelist');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'The pnr field is required.', errors: { pnr: ['The pnr field is required.'] } });
    expect((await get(`/api/pnr-namelist?pnr=${group.group.pnr}`, agent.token)).statusCode).toBe(403);
  });
});

describe('renderNameList', () => {
  const adult = (firstname: string, lastname: string, title = 'Mr'): NameListPassenger => ({ type: 'adult', title, firstname, lastname, dob: '1990-01-01' });
  const infant = (firstname: string, lastname: string, dob = '2025-12-05'): NameListPassenger => ({ type: 'infant', title: 'Inf', firstname, lastname, dob });

  it('when two infants share no surname with the adults, then they go to the first adults not yet carrying one, in order', () => {
    expect(renderNameList([[adult('A', 'ONE'), adult('B', 'TWO'), infant('X', 'THREE'), infant('Y', 'FOUR')]])).toBe(
      '1. ONE/A MR\nINF THREE/X DOB 05DEC25\n2. TWO/B MR\nINF FOUR/Y DOB 05DEC25\n',
    );
  });

  it('when names are missing (names later), then they print as TBA and an infant without a surname pairs in order', () => {
    expect(renderNameList([[adult('', ''), adult('SARA', 'TBA', 'Mrs'), infant(' ', '')]])).toBe(
      '1. TBA/TBA MR\nINF TBA/TBA DOB 05DEC25\n2. TBA/SARA MRS\n',
    );
  });

  it('when there are no bookings, then the list is empty; dates read DDMMMYY', () => {
    expect(renderNameList([])).toBe('');
    expect(formatNameListDate('2024-02-29')).toBe('29FEB24');
  });
});

describe('pnr-passengers', () => {
  it("when asked for a PNR, then the live bookings' passengers come with their numbers and ticketed flags", async () => {
    const response = await get(`/api/pnr-passengers?pnr=${group.group.pnr}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ pnr: group.group.pnr, group_id: group.group.id });
    expect(data.bookings.map((booking: { id: number; agent_name: string; confirmed: number; ticketed: number }) => [booking.id, booking.agent_name, booking.confirmed, booking.ticketed])).toEqual([
      [family.id, 'Al-Haram Travels', 1, 0],
      [single.id, 'Walk-in', 1, 0],
      [held.id, 'Al-Haram Travels', 0, 0],
    ]);
    expect(data.bookings[0].passengers[1]).toEqual({ id: family.passengerIds[1], type: 'adult', title: 'Mrs', firstname: 'AYESHA', lastname: 'MALIK', ticket_no: null });
  });
});

describe('parseCsv', () => {
  it('when fields are quoted, then separators, line breaks and doubled quotes inside them are kept', () => {
    expect(parseCsv('a,"b,1","c ""q""\nd"\r\ne,f,g', ',')).toEqual([
      ['a', 'b,1', 'c "q"\nd'],
      ['e', 'f', 'g'],
    ]);
    expect(parseCsv('a;b\n1;2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('"open,1', ',')).toBeUndefined();
    expect(parseCsv('"a"b,1', ',')).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('when the document is built, then the four ticketing routes are there for admins, the name list as text/plain', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [route, method] of [
      ['/api/update-ticket-numbers', 'post'],
      ['/api/import-ticket-numbers', 'post'],
      ['/api/pnr-passengers', 'get'],
      ['/api/pnr-namelist', 'get'],
    ] as const) {
      expect(paths[route]?.[method]?.security, route).toEqual([{ bearerAuth: [] }]);
      expect(paths[route][method].tags, route).toEqual(['ticketing']);
    }
    expect(Object.keys(paths['/api/pnr-namelist'].get.responses['200'].content)).toEqual(['text/plain']);
    expect(paths['/api/import-ticket-numbers'].post.requestBody.content['application/json'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});
