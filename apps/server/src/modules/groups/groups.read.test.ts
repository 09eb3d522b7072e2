import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGroupBody,
  daysFromToday,
  insertAirline,
  insertBooking,
  insertMySector,
  insertSector,
  groupRequests,
  startGroupTestBed,
  type GroupRequests,
  type TestInventory,
} from '../../test/inventory-factories.js';
import { bearer, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let admin: string;
let inventory: TestInventory;
let adminId: number;
let addGroup: GroupRequests['addGroup'];

beforeAll(async () => {
  ({ t, admin, adminId, inventory } = await startGroupTestBed());
  ({ addGroup } = groupRequests(t, admin));
});
afterAll(() => t.close());

function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

function setClosed(groupId: number, closeStatus: 0 | 1) {
  return t.app.inject({
    method: 'POST',
    url: '/api/update-group-status',
    payload: { group_id: groupId, close_status: closeStatus },
    headers: bearer(admin),
  });
}

describe('GET /api/general', () => {
  it('when the admin asks, then only active, live airlines, my sectors and sectors are listed', async () => {
    const inactive = await insertAirline(t.db, { fullName: 'Zz Inactive Air', status: false });
    const deletedMySector = await insertMySector(t.db, { name: 'Gone', deleted: true });
    const offSector = await insertSector(t.db, { status: false });
    const response = await get('/api/general');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.airline).toContainEqual({ id: inventory.airlineId, full_name: 'Test Airways' });
    expect(data.my_sectors).toContainEqual({ id: inventory.mySectorId, name: 'Umrah Jeddah' });
    expect(data.sectors).toHaveLength(4);
    expect(data.sectors[0]).toEqual({ id: expect.any(Number), sector_name: expect.stringMatching(/^[A-Z]{3} - [A-Z]{3}$/) });
    expect(data.airline.map((row: { id: number }) => row.id)).not.toContain(inactive);
    expect(data.my_sectors.map((row: { id: number }) => row.id)).not.toContain(deletedMySector);
    expect(data.sectors.map((row: { id: number }) => row.id)).not.toContain(offSector);
  });

  it('when an agent or nobody asks, then 403 or 401', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    expect((await get('/api/general', token)).statusCode).toBe(403);
    expect((await get('/api/general', null)).statusCode).toBe(401);
    expect((await get('/api/listofgroups', token)).statusCode).toBe(403);
    expect((await get('/api/listofgrouphistory', null)).statusCode).toBe(401);
    expect((await get('/api/editgroup/1', token)).statusCode).toBe(403);
    expect((await get('/api/deletegroup/1', token)).statusCode).toBe(403);
  });
});

describe('lists: filters, pagination, history and derived seats', () => {
  let soonId: number;
  let laterViaId: number;

  beforeAll(async () => {
    // 23 open groups departing on days 10..32, one of them (day 12) a via group whose second leg leaves on day 14.
    for (let day = 10; day < 33; day++) {
      const via = day === 12;
      const id = await addGroup(
        buildGroupBody(inventory, { pnr: `LST${day}`, firstDay: day, ticketType: 1, direction: via ? 2 : 1 }),
      );
      if (day === 10) soonId = id;
      if (via) laterViaId = id;
    }
  });

  it('when page 1 is asked, then 20 groups soonest first with Laravel paging links', async () => {
    const response = await get('/api/listofgroups?page=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 23,
      last_page: 2,
      prev_page_url: null,
      next_page_url: `${t.config.publicUrl}/api/listofgroups?page=2`,
    });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toMatchObject({ id: soonId, pnr: 'LST10', date: daysFromToday(10) });
    expect(body.data[0].air_line_logo).toMatch(new RegExp(`^/uploads/public/airline_logo/test-[0-9a-f]+\\.png$`));
    const page2 = (await get('/api/listofgroups?page=2')).json();
    expect(page2.data).toHaveLength(3);
    expect(page2.prev_page_url).toBe(`${t.config.publicUrl}/api/listofgroups?page=1`);
    expect(page2.next_page_url).toBeNull();
  });

  it('when filtered by part of a pnr in lower case, then only matching groups, and the links keep the filter', async () => {
    const body = (await get('/api/listofgroups?pnr=st1')).json();
    expect(body.data.map((row: { pnr: string }) => row.pnr)).toEqual([
      'LST10', 'LST11', 'LST12', 'LST13', 'LST14', 'LST15', 'LST16', 'LST17', 'LST18', 'LST19',
    ]);
    expect(body.total).toBe(10);
    expect((await get('/api/listofgroups?pnr=%25')).json().total).toBe(0);
  });

  it('when filtered by a date, then groups with any leg departing that day', async () => {
    const body = (await get(`/api/listofgroups?date=${daysFromToday(14)}`)).json();
    expect(body.data.map((row: { id: number }) => row.id).sort()).toEqual(
      [laterViaId, body.data.find((row: { pnr: string }) => row.pnr === 'LST14').id].sort(),
    );
    const paged = (await get(`/api/listofgroups?page=1&date=${daysFromToday(14)}&pnr=lst`)).json();
    expect(paged.total).toBe(2);
  });

  it('when the query is malformed, then 422 rather than an error', async () => {
    const badDate = await get('/api/listofgroups?date=14-01-2030');
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toEqual({ date: ['The date is not a valid date (YYYY-MM-DD).'] });
    expect((await get('/api/listofgroups?page=abc')).statusCode).toBe(422);
    expect((await get('/api/editgroup/abc')).statusCode).toBe(422);
    expect((await get('/api/editgroup/999999')).statusCode).toBe(404);
  });

  it('when a group is closed, then it leaves the open list for the history, and reopening brings it back', async () => {
    expect((await get('/api/listofgrouphistory')).json().total).toBe(0);
    await setClosed(soonId, 1);
    const history = (await get('/api/listofgrouphistory?page=1&pnr=lst10')).json();
    expect(history).toMatchObject({ total: 1, current_page: 1, next_page_url: null, prev_page_url: null });
    expect(history.data[0]).toMatchObject({ id: soonId, close_status: 1 });
    expect((await get('/api/listofgroups')).json().total).toBe(22);
    await setClosed(soonId, 0);
    expect((await get('/api/listofgrouphistory')).json().total).toBe(0);
    expect((await get('/api/listofgroups')).json().data[0].id).toBe(soonId);
  });

  it('when the history has several groups, then the latest departure comes first', async () => {
    const ids = [];
    for (const pnr of ['LST11', 'LST20']) {
      const row = (await get(`/api/listofgroups?pnr=${pnr}`)).json().data[0];
      await setClosed(row.id, 1);
      ids.push(row.id);
    }
    const history = (await get('/api/listofgrouphistory')).json();
    expect(history.data.map((row: { pnr: string }) => row.pnr)).toEqual(['LST20', 'LST11']);
    for (const id of ids) await setClosed(id, 0);
  });

  it('when bookings exist, then sold counts adults and children of bookings not cancelled, and remaining the rest', async () => {
    await insertBooking(t.db, { groupId: soonId, addedBy: adminId, adults: 2, children: 1, infants: 2 });
    await insertBooking(t.db, { groupId: soonId, addedBy: adminId, adults: 4, cancelled: true });
    const agent = await t.createAgent();
    await insertBooking(t.db, { groupId: soonId, addedBy: adminId, agentUserId: agent.user.id, adults: 1 });
    const row = (await get('/api/listofgroups?pnr=LST10')).json().data[0];
    expect(row).toMatchObject({ sold: 4, remaining: 26, total_ticket: 30 });
    const edit = (await get(`/api/editgroup/${soonId}`)).json().data;
    expect(edit).toMatchObject({ sold: 4, remaining: 26 });
    const other = (await get('/api/listofgroups?pnr=LST13')).json().data[0];
    expect(other).toMatchObject({ sold: 0, remaining: 30 });
  });

  it('when a row is listed, then it carries the fields of the Groups table', async () => {
    const row = (await get('/api/listofgroups?pnr=LST12')).json().data[0];
    expect(row).toEqual({
      id: laterViaId,
      pnr: 'LST12',
      date: daysFromToday(12),
      subpart: [expect.objectContaining({ position: 0 }), expect.objectContaining({ position: 1, departure_date: daysFromToday(14) })],
      tickets_wehave: 40,
      total_ticket: 30,
      price: 150000,
      infant_price: 25000,
      sold: 0,
      remaining: 30,
      added_by: 'Administrator',
      close_status: 0,
      air_line_logo: expect.any(String),
      airline: inventory.airlineId,
      airline_name: 'Test Airways',
      my_section_id: inventory.mySectorId,
      meal: 1,
      ticket_type: 1,
      direction: 2,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // PRODUCT §6 deadlines: none set on this group (decision 030).
      deposit_deadline: null,
      name_deadline: null,
      ticketing_deadline: null,
    });
  });
});

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is asked, then it lists the group routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/general', '/api/listofgroups', '/api/listofgrouphistory', '/api/editgroup/{id}', '/api/add-group', '/api/update-group', '/api/update-group-status', '/api/deletegroup/{id}']) {
      expect(paths).toContain(path);
    }
  });
});
