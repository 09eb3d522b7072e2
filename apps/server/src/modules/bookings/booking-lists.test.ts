import { NO_BOOKINGS_FOUND_TEXT, type BookingListRow } from '@portal/contract/booking-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import type { UserRow } from '../users/users.table.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from './booking-lifecycle.factories.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let viaGroup: TestGroup;
let plainGroup: TestGroup;
const ids: Record<'a1' | 'a2' | 'a3' | 'b1' | 'w1' | 'b2', number> = { a1: 0, a2: 0, a3: 0, b1: 0, w1: 0, b2: 0 };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Lists Admin' });
  agentA = await insertUserWithToken(t.db, { name: 'Amir Shah', agencyName: 'Alpha Travels' });
  agentB = await insertUserWithToken(t.db, { name: 'Bilal Raza', agencyName: 'Beta Tours' });
  viaGroup = await insertTestGroup(t.db, { via: true, price: 100_000, infantPrice: 20_000 });
  plainGroup = await insertTestGroup(t.db, { price: 80_000 });
  const uploadsDir = t.app.uploadsDir;
  const now = Date.now();
  const add = async (options: Omit<Parameters<typeof insertTestBooking>[1], 'uploadsDir'>) =>
    (await insertTestBooking(t.db, { uploadsDir, ...options })).booking.id;
  ids.a1 = await add({ group: viaGroup.group, addedBy: agentA.user.id, agentUserId: agentA.user.id, adults: 2, infants: 1, createdAt: new Date(now - HOUR) });
  ids.a2 = await add({ group: plainGroup.group, addedBy: agentA.user.id, agentUserId: agentA.user.id, state: 'confirmed', createdAt: new Date(now - 2 * HOUR) });
  ids.a3 = await add({ group: viaGroup.group, addedBy: agentA.user.id, agentUserId: agentA.user.id, state: 'cancelled', createdAt: new Date(now - 3 * HOUR) });
  ids.b1 = await add({ group: plainGroup.group, addedBy: agentB.user.id, agentUserId: agentB.user.id, state: 'confirmed', received: 50_000, createdAt: new Date(now - 4 * HOUR) });
  ids.w1 = await add({ group: viaGroup.group, addedBy: admin.user.id, state: 'confirmed', received: 100_000, createdAt: new Date(now - 5 * HOUR) });
  // 2024-03-10 20:30 UTC is 2024-03-11 01:30 in Karachi: the booking date is the Karachi day.
  ids.b2 = await add({ group: plainGroup.group, addedBy: agentB.user.id, agentUserId: agentB.user.id, createdAt: new Date('2024-03-10T20:30:00Z') });
});
afterAll(() => t.close());

function get(url: string, token: string | null) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function listIds(url: string, token: string): Promise<number[]> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as BookingListRow[]).map((row) => row.id);
}

describe('GET /api/listofbookings', () => {
  it('when the admin asks, then every booking comes newest first in the Laravel envelope', async () => {
    const response = await get('/api/listofbookings?page=1', admin.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((row: BookingListRow) => row.id)).toEqual([ids.a1, ids.a2, ids.a3, ids.b1, ids.w1, ids.b2]);
    expect(body).toMatchObject({ current_page: 1, per_page: 20, total: 6, last_page: 1, prev_page_url: null, next_page_url: null });
  });

  it('when a row is listed, then it carries the columns of 000 §2 with the first passenger and the outbound sector', async () => {
    const rows: BookingListRow[] = (await get('/api/listofbookings', admin.token)).json().data;
    const a1 = rows.find((row) => row.id === ids.a1)!;
    const logo = `/uploads/${viaGroup.logoPath}`;
    expect(a1).toMatchObject({
      pnr: viaGroup.group.pnr,
      group_id: viaGroup.group.id,
      air_line: viaGroup.airlineName,
      airline_logo: logo,
      air_line_logo: logo,
      sector: viaGroup.sector,
      date: viaGroup.group.departureDate,
      payment_status: 0,
      passenger_name: 'Mr ALI KHAN',
      passengers: 3,
      agent: agentA.user.id,
      agent_id: agentA.user.agentId,
      agent_name: 'Alpha Travels',
      walking: 0,
      confirmed: 0,
      confirm: 0,
      cancel_status: 0,
      total_amount: 220_000,
      discount: 0,
      final_total: 220_000,
      received_amount: 0,
      remaining_amount: 220_000,
      adults: 2,
      children: 0,
      infants: 1,
    });
    expect(a1.cancel_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const w1 = rows.find((row) => row.id === ids.w1)!;
    expect(w1).toMatchObject({ agent: 0, agent_id: null, agent_name: 'Walk-in', walking: 1, confirmed: 1, confirm: 1, payment_status: 2, remaining_amount: 0 });
    const b1 = rows.find((row) => row.id === ids.b1)!;
    expect(b1).toMatchObject({ payment_status: 1, received_amount: 50_000, remaining_amount: 30_000 });
    expect(rows.find((row) => row.id === ids.b2)!.booking_date).toBe('2024-03-11');
    expect(rows.find((row) => row.id === ids.a3)!.cancel_status).toBe(1);
  });

  it('when searching by pnr, booking date or agent name, then only the matching bookings come', async () => {
    const pnrPart = plainGroup.group.pnr.slice(1).toLowerCase();
    expect(await listIds(`/api/listofbookings?pnr=${pnrPart}`, admin.token)).toEqual([ids.a2, ids.b1, ids.b2]);
    expect(await listIds('/api/listofbookings?booking_date=2024-03-11', admin.token)).toEqual([ids.b2]);
    expect(await listIds('/api/listofbookings?booking_date=2024-03-10', admin.token)).toEqual([]);
    expect(await listIds('/api/listofbookings?agent_name=beta%20TOU', admin.token)).toEqual([ids.b1, ids.b2]);
    expect(await listIds('/api/listofbookings?agent_name=amir', admin.token)).toEqual([ids.a1, ids.a2, ids.a3]);
    expect(await listIds('/api/listofbookings?target=agent_name&value=bilal', admin.token)).toEqual([ids.b1, ids.b2]);
    expect(await listIds('/api/listofbookings?agent_name=100%25', admin.token)).toEqual([]);
  });

  it('when a status is given, then only bookings in that state come (status=cancelled is the cancelled list)', async () => {
    expect(await listIds('/api/listofbookings?status=cancelled', admin.token)).toEqual([ids.a3]);
    expect(await listIds('/api/listofbookings?status=hold', admin.token)).toEqual([ids.a1, ids.b2]);
    expect(await listIds('/api/listofbookings?status=confirmed', admin.token)).toEqual([ids.a2, ids.b1, ids.w1]);
  });

  it('when nothing matches, then the envelope is empty with total 0 (the page shows the empty text)', async () => {
    const body = (await get('/api/listofbookings?pnr=NOPE', admin.token)).json();
    expect(body).toMatchObject({ data: [], total: 0, last_page: 1, next_page_url: null });
    expect(NO_BOOKINGS_FOUND_TEXT).toBe('No bookings found');
  });

  it('when the search is malformed, then 422 with the field named', async () => {
    const badDate = await get('/api/listofbookings?booking_date=2024-02-30', admin.token);
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.booking_date).toEqual(['The booking date is not a valid date (YYYY-MM-DD).']);
    const badStatus = await get('/api/listofbookings?status=paid', admin.token);
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors).toHaveProperty('status');
    expect((await get('/api/listofbookings?target=booking_date&value=yesterday', admin.token)).statusCode).toBe(422);
    expect((await get('/api/listofbookings?page=0', admin.token)).statusCode).toBe(422);
  });

  it('when an agent or nobody asks, then 403 or 401', async () => {
    expect((await get('/api/listofbookings', agentA.token)).statusCode).toBe(403);
    expect((await get('/api/listofbookings', null)).statusCode).toBe(401);
  });
});

describe('GET /api/agnetlistofbookings', () => {
  it("when an agent asks, then only its own bookings come, whatever agent_id it sends", async () => {
    expect(await listIds('/api/agnetlistofbookings?page=1', agentA.token)).toEqual([ids.a1, ids.a2, ids.a3]);
    expect(await listIds(`/api/agnetlistofbookings?page=1&agent_id=${agentB.user.agentId}`, agentA.token)).toEqual([
      ids.a1,
      ids.a2,
      ids.a3,
    ]);
    expect(await listIds('/api/agnetlistofbookings?status=cancelled', agentA.token)).toEqual([ids.a3]);
    expect(await listIds(`/api/agnetlistofbookings?agent_id=${agentA.user.agentId}`, agentB.token)).toEqual([ids.b1, ids.b2]);
  });

  it('when an admin passes agent_id, then that agent\'s bookings come; without it every booking', async () => {
    expect(await listIds(`/api/agnetlistofbookings?agent_id=${agentB.user.agentId}`, admin.token)).toEqual([ids.b1, ids.b2]);
    expect(await listIds('/api/agnetlistofbookings?agent_id=', admin.token)).toHaveLength(6);
    expect(await listIds('/api/agnetlistofbookings?agent_id=999999', admin.token)).toEqual([]);
    expect((await get('/api/agnetlistofbookings?agent_id=abc', admin.token)).statusCode).toBe(422);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await get('/api/agnetlistofbookings', null)).statusCode).toBe(401);
  });
});

describe('GET /api/pendingpayments and /api/unpaid-bookings', () => {
  it('when the admin asks, then only confirmed, live bookings not fully paid come', async () => {
    expect(await listIds('/api/pendingpayments?page=1', admin.token)).toEqual([ids.a2, ids.b1]);
    expect(await listIds('/api/pendingpayments?target=agent_name&value=alpha', admin.token)).toEqual([ids.a2]);
    expect(await listIds(`/api/pendingpayments?target=pnr&value=${plainGroup.group.pnr}`, admin.token)).toEqual([ids.a2, ids.b1]);
    expect(await listIds('/api/unpaid-bookings', admin.token)).toEqual([ids.a2, ids.b1]);
  });

  it('when an agent asks, then pendingpayments is refused and unpaid-bookings holds only its own', async () => {
    expect((await get('/api/pendingpayments', agentA.token)).statusCode).toBe(403);
    expect(await listIds('/api/unpaid-bookings?page=1', agentA.token)).toEqual([ids.a2]);
    expect(await listIds('/api/unpaid-bookings?page=1', agentB.token)).toEqual([ids.b1]);
    expect((await get('/api/unpaid-bookings', null)).statusCode).toBe(401);
  });
});

describe('pagination', () => {
  it('when an agent has 22 bookings, then page 1 holds 20 with a next link keeping the filters and page 2 the rest', async () => {
    const agentC = await insertUserWithToken(t.db, { agencyName: 'Gamma Air Services' });
    const created: number[] = [];
    for (let index = 0; index < 22; index++) {
      const { booking } = await insertTestBooking(t.db, {
        uploadsDir: t.app.uploadsDir,
        group: plainGroup.group,
        addedBy: agentC.user.id,
        agentUserId: agentC.user.id,
        createdAt: new Date(Date.UTC(2024, 0, 1, 12, index)),
      });
      created.push(booking.id);
    }
    const newestFirst = [...created].reverse();
    const first = (await get(`/api/agnetlistofbookings?page=1&agent_id=${agentC.user.agentId}`, admin.token)).json();
    expect(first.data.map((row: BookingListRow) => row.id)).toEqual(newestFirst.slice(0, 20));
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: 22, last_page: 2, prev_page_url: null });
    expect(first.next_page_url).toBe(`${t.config.publicUrl}/api/agnetlistofbookings?agent_id=${agentC.user.agentId}&page=2`);
    const second = (await get(`/api/agnetlistofbookings?page=2`, agentC.token)).json();
    expect(second.data.map((row: BookingListRow) => row.id)).toEqual(newestFirst.slice(20));
    expect(second).toMatchObject({ current_page: 2, next_page_url: null, prev_page_url: `${t.config.publicUrl}/api/agnetlistofbookings?page=1` });
  });
});
