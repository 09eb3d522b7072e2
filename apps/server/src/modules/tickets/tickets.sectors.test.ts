import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { daysFromToday, insertAirline, insertBooking, insertMySector, insertSector } from '../../test/inventory-factories.js';
import { postForm } from '../../test/uploads.js';
import { files } from '../files/files.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';

let t: TestApp;
let admin: string;
let agent: string;
let agentId: number;

beforeAll(async () => {
  ({ t, admin, agentToken: agent, agent: { user: { id: agentId } } } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

type Ticket = { id: number; pnr: string; sector: string; price: number | null; infant_price: number | null; sold: number; remaining: number };
type SectorGroup = { sector: string; tickets: Ticket[] };
type Card = { id: number; name: string; title: string; image: string | null; totalpnr: number };

/** A my-sector with a picture stored as a public file. */
async function insertMySectorWithImage(name: string): Promise<{ id: number; storagePath: string }> {
  const storagePath = `public/my_sector_image/${name.toLowerCase().replace(/\s+/g, '-')}-${Date.now()}.png`;
  const [file] = await t.db
    .insert(files)
    .values({ kind: 'my_sector_image', storagePath, originalName: 'x.png', mime: 'image/png', size: 10, visibility: 'public' })
    .returning({ id: files.id });
  const id = await insertMySector(t.db, { name });
  await t.db.update(mySectors).set({ imageFileId: file!.id }).where(eq(mySectors.id, id));
  return { id, storagePath };
}

async function sectorNameOf(sectorId: number): Promise<string> {
  const [row] = await t.db.select({ name: sectors.sectorName }).from(sectors).where(eq(sectors.id, sectorId));
  return row!.name;
}

function getAvailable(token: string | null) {
  return t.app.inject({ method: 'GET', url: '/api/available-sector', headers: token ? bearer(token) : {} });
}

function allTickets(groups: SectorGroup[]): Ticket[] {
  return groups.flatMap((group) => group.tickets);
}

describe('GET /api/available-sector', () => {
  let umrah: { id: number; storagePath: string };
  let sectorA: number;
  let sectorB: number;
  const pnrs: Record<string, string> = {};

  beforeAll(async () => {
    umrah = await insertMySectorWithImage('Avail Umrah');
    await insertMySector(t.db, { name: 'Avail Inactive', status: false });
    await insertMySector(t.db, { name: 'Avail Deleted', deleted: true });
    const airlineId = await insertAirline(t.db);
    sectorA = await insertSector(t.db);
    sectorB = await insertSector(t.db);
    const base = { airlineId, mySectorId: umrah.id };
    pnrs.b = (await insertGroupRow(t.db, { ...base, sectorIds: [sectorB], departureDate: daysFromToday(3) })).pnr;
    pnrs.a1 = (await insertGroupRow(t.db, { ...base, sectorIds: [sectorA], departureDate: daysFromToday(5) })).pnr;
    pnrs.today = (await insertGroupRow(t.db, { ...base, sectorIds: [sectorA], departureDate: daysFromToday(0) })).pnr;
    pnrs.closed = (await insertGroupRow(t.db, { ...base, sectorIds: [sectorA], departureDate: daysFromToday(5), closeStatus: true })).pnr;
    pnrs.deleted = (await insertGroupRow(t.db, { ...base, sectorIds: [sectorA], departureDate: daysFromToday(5), deleted: true })).pnr;
    pnrs.past = (await insertGroupRow(t.db, { ...base, sectorIds: [sectorA], departureDate: daysFromToday(-1) })).pnr;
  });

  it('when a visitor asks, then active my-sectors and offered tickets grouped by sector come, without prices', async () => {
    const response = await getAvailable(null);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { mysectors: Card[]; tickets: SectorGroup[] };
    const names = body.mysectors.map((card) => card.name);
    expect(names).toContain('Avail Umrah');
    expect(names).not.toContain('Avail Inactive');
    expect(names).not.toContain('Avail Deleted');
    expect(body.mysectors.find((card) => card.id === umrah.id)).toEqual({
      id: umrah.id,
      name: 'Avail Umrah',
      title: 'Avail Umrah',
      image: `/uploads/${umrah.storagePath}`,
      // Today, +3 and +5: closed, deleted and flown groups do not count.
      totalpnr: 3,
    });

    const nameA = await sectorNameOf(sectorA);
    const nameB = await sectorNameOf(sectorB);
    const mine = body.tickets.filter((group) => group.sector === nameA || group.sector === nameB);
    // Sectors in the order of their soonest ticket: A has today's group, B leaves in 3 days.
    expect(mine.map((group) => group.sector)).toEqual([nameA, nameB]);
    expect(mine[0]!.tickets.map((ticket) => ticket.pnr)).toEqual([pnrs.today, pnrs.a1]);
    expect(mine[1]!.tickets.map((ticket) => ticket.pnr)).toEqual([pnrs.b]);

    const offered = allTickets(body.tickets).map((ticket) => ticket.pnr);
    for (const hidden of [pnrs.closed, pnrs.deleted, pnrs.past]) expect(offered).not.toContain(hidden);
    for (const ticket of allTickets(body.tickets)) {
      expect(ticket.price).toBeNull();
      expect(ticket.infant_price).toBeNull();
    }
  });

  it('when a signed-in agent asks, then the prices come', async () => {
    const body = (await getAvailable(agent)).json() as { tickets: SectorGroup[] };
    const ticket = allTickets(body.tickets).find((item) => item.pnr === pnrs.a1);
    expect(ticket).toMatchObject({ price: 100_000, infant_price: 0 });
  });

  it('when a token is invalid, then the answer is the visitor one (optional access)', async () => {
    const response = await getAvailable('not-a-real-token');
    expect(response.statusCode).toBe(200);
    expect(allTickets(response.json().tickets).every((ticket) => ticket.price === null)).toBe(true);
  });
});

describe('POST /api/pnr-respect-to-mysector and -user', () => {
  let mySectorId: number;
  let otherMySectorId: number;
  let soonPnr: string;
  let laterPnr: string;
  let hiddenPnrs: string[];

  beforeAll(async () => {
    mySectorId = (await insertMySectorWithImage('Respect Riyadh')).id;
    otherMySectorId = await insertMySector(t.db, { name: 'Respect Other' });
    const sectorId = await insertSector(t.db);
    const soon = await insertGroupRow(t.db, { mySectorId, sectorIds: [sectorId], departureDate: daysFromToday(2) });
    const later = await insertGroupRow(t.db, { mySectorId, sectorIds: [sectorId], departureDate: daysFromToday(9) });
    await insertBooking(t.db, { groupId: soon.id, addedBy: agentId, agentUserId: agentId, adults: 3, children: 1, infants: 1 });
    soonPnr = soon.pnr;
    laterPnr = later.pnr;
    hiddenPnrs = [
      (await insertGroupRow(t.db, { mySectorId, departureDate: daysFromToday(4), closeStatus: true })).pnr,
      (await insertGroupRow(t.db, { mySectorId, departureDate: daysFromToday(4), deleted: true })).pnr,
      (await insertGroupRow(t.db, { mySectorId, departureDate: daysFromToday(-3) })).pnr,
      (await insertGroupRow(t.db, { mySectorId: otherMySectorId, departureDate: daysFromToday(4) })).pnr,
    ];
  });

  function post(url: string, body: Record<string, unknown>, token: string | null) {
    return t.app.inject({ method: 'POST', url, payload: body, headers: token ? bearer(token) : {} });
  }

  it('when an admin asks for a my-sector, then its offered tickets come with prices and seats', async () => {
    const response = await post('/api/pnr-respect-to-mysector', { my_sector_id: mySectorId }, admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { mysector: Card; tickets: SectorGroup[] };
    expect(body.mysector).toMatchObject({ id: mySectorId, name: 'Respect Riyadh', totalpnr: 2 });
    expect(body.tickets).toHaveLength(1);
    const tickets = body.tickets[0]!.tickets;
    expect(tickets.map((ticket) => ticket.pnr)).toEqual([soonPnr, laterPnr]);
    expect(tickets[0]).toMatchObject({ price: 100_000, sold: 4, remaining: 6 });
    for (const hidden of hiddenPnrs) expect(allTickets(body.tickets).map((ticket) => ticket.pnr)).not.toContain(hidden);
  });

  it('when an agent asks on the user route, as a form, then the same tickets come with prices', async () => {
    const response = await postForm(t.app, '/api/pnr-respect-to-mysector-user', [['my_sector_id', String(mySectorId)]], agent);
    expect(response.statusCode, response.body).toBe(200);
    const tickets = allTickets(response.json().tickets);
    expect(tickets.map((ticket) => ticket.pnr)).toEqual([soonPnr, laterPnr]);
    expect(tickets[1]).toMatchObject({ price: 100_000, sold: 0, remaining: 10 });
  });

  it('when an agent calls the admin route, then 403; without a token either route answers 401', async () => {
    const forbidden = await post('/api/pnr-respect-to-mysector', { my_sector_id: mySectorId }, agent);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
    for (const url of ['/api/pnr-respect-to-mysector', '/api/pnr-respect-to-mysector-user']) {
      const response = await post(url, { my_sector_id: mySectorId }, null);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('when the my-sector is unknown or deleted, then 404', async () => {
    const deleted = await insertMySector(t.db, { name: 'Respect Gone', deleted: true });
    for (const id of [deleted, 999_999]) {
      const response = await post('/api/pnr-respect-to-mysector-user', { my_sector_id: id }, agent);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'My sector not found.' });
    }
  });

  it('when my_sector_id is missing or not a whole number, then 422', async () => {
    const missing = await post('/api/pnr-respect-to-mysector', {}, admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The my sector id field is required.',
      errors: { my_sector_id: ['The my sector id field is required.'] },
    });
    for (const value of ['abc', '1.5', -3, '99999999999']) {
      const response = await post('/api/pnr-respect-to-mysector-user', { my_sector_id: value }, agent);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ my_sector_id: ['The my sector id must be an integer.'] });
    }
  });
});

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is asked, then it lists the search and ticket routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/available-sector', '/api/search-flights', '/api/pnr-respect-to-mysector', '/api/pnr-respect-to-mysector-user', '/api/pnr-details']) {
      expect(paths).toContain(path);
    }
  });
});
