import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGroupBody,
  daysFromToday,
  insertAirline,
  insertBooking,
  insertSector,
  groupRequests,
  startGroupTestBed,
  type GroupBody,
  type GroupRequests,
  type TestInventory,
} from '../../test/inventory-factories.js';
import { bearer, multipart, type TestApp } from '../../test/helpers.js';
import { bookings } from '../bookings/bookings.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { groupLegs, groups } from './groups.table.js';

let t: TestApp;
let admin: string;
let inventory: TestInventory;
let adminId: number;
let post: GroupRequests['post'];
let addGroup: GroupRequests['addGroup'];
let readGroup: GroupRequests['readGroup'];

beforeAll(async () => {
  ({ t, admin, adminId, inventory } = await startGroupTestBed());
  ({ post, addGroup, readGroup } = groupRequests(t, admin));
});
afterAll(() => t.close());

const layouts = [
  { name: 'one-way direct', ticketType: 1, direction: 1, legs: 1 },
  { name: 'one-way via', ticketType: 1, direction: 2, legs: 2 },
  { name: 'round-trip direct', ticketType: 2, direction: 1, legs: 2 },
  { name: 'round-trip via', ticketType: 2, direction: 2, legs: 4 },
] as const;

describe('add-group, editgroup and update-group round trips', () => {
  for (const layout of layouts) {
    for (const asForm of [true, false]) {
      it(`when a ${layout.name} group is added as ${asForm ? 'multipart' : 'JSON'}, then editgroup reads back every leg field and an update replaces them`, async () => {
        const body = buildGroupBody(inventory, { ticketType: layout.ticketType, direction: layout.direction, pnr: ` ab${layout.legs}${asForm ? 'f' : 'j'}${layout.ticketType}${layout.direction} ` });
        const response = await post('/api/add-group', body, { asForm });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ message: 'Group added successfully!', data: { id: expect.any(Number) } });
        const id = response.json().data.id;

        const group = await readGroup(id);
        const sectorRows = await t.db.select().from(sectors);
        const nameOf = (sectorId: number) => sectorRows.find((row) => row.id === sectorId)!.sectorName;
        expect(group).toMatchObject({
          id,
          pnr: `AB${layout.legs}${asForm ? 'F' : 'J'}${layout.ticketType}${layout.direction}`,
          date: daysFromToday(30),
          ticket_type: layout.ticketType,
          direction: layout.direction,
          airline: inventory.airlineId,
          my_section_id: inventory.mySectorId,
          meal: 1,
          tickets_wehave: 40,
          total_ticket: 30,
          price: 150000,
          infant_price: 25000,
          sold: 0,
          remaining: 30,
          close_status: 0,
          added_by: 'Administrator',
        });
        expect(group.subpart).toHaveLength(layout.legs);
        group.subpart.forEach((leg: Record<string, unknown>, index: number) => {
          expect(leg).toEqual({
            position: index,
            departure_sector: inventory.sectorIds[index],
            departure_sector_name: nameOf(inventory.sectorIds[index]!),
            departure_flight_number: `PK ${700 + index}`,
            departure_baggage: 30,
            departure_handcarry: 7,
            departure_airport_name: `Airport ${index} Intl`,
            departure_time: '10:00',
            departure_date: daysFromToday(30 + 2 * index),
            departure_terminal: index === 0 ? 'Terminal 1' : null,
            arivval_airport_name: `Arrival ${index}`,
            arivval_time: '14:30',
            arivval_date: daysFromToday(30 + 2 * index),
            arivval_terminal: null,
            arivval_baggage: 30,
          });
        });

        const changed = {
          ...buildGroupBody(inventory, { ticketType: layout.ticketType, direction: layout.direction, pnr: group.pnr, firstDay: 40 }),
          group_id: String(id),
          meal: 0,
          price: 99000,
          departure_baggage: Array.from({ length: layout.legs }, () => 20),
          departure_time: Array.from({ length: layout.legs }, () => '08:05:00'),
          arivval_terminal: Array.from({ length: layout.legs }, () => 't2'),
        };
        const updated = await post('/api/update-group', changed, { asForm });
        expect(updated.statusCode).toBe(200);
        expect(updated.json()).toEqual({ message: 'Group updated successfully!', data: { id } });

        const after = await readGroup(id);
        expect(after).toMatchObject({ date: daysFromToday(40), meal: 0, price: 99000 });
        expect(after.subpart).toHaveLength(layout.legs);
        for (const [index, leg] of after.subpart.entries()) {
          expect(leg).toMatchObject({
            departure_baggage: 20,
            arivval_baggage: 20,
            departure_time: '08:05',
            departure_date: daysFromToday(40 + 2 * index),
            arivval_terminal: 'T2',
          });
        }
        const [stored] = await t.db.select().from(groups).where(eq(groups.id, id));
        expect(stored!.departureDate).toBe(daysFromToday(40));
        expect(stored!.addedBy).toBe(adminId);
      });
    }
  }
});

describe('update-group by another admin', () => {
  it('when a second admin saves a group, then Add By still names the admin who created it', async () => {
    const body = buildGroupBody(inventory, { ticketType: 1, direction: 1, pnr: 'KEEPCREATOR', firstDay: 30 });
    const id = await addGroup(body);
    const second = await t.createAdmin({ email: 'second.admin@example.com' });
    const token = await t.loginAs(second.email, second.password);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/update-group',
      payload: { ...body, group_id: id, price: 123000 },
      headers: bearer(token),
    });

    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await t.db.select().from(groups).where(eq(groups.id, id));
    expect(stored).toMatchObject({ addedBy: adminId, price: 123000 });
  });
});

describe('add-group refusals', () => {
  async function expect422(body: GroupBody, field: string, message: string, url = '/api/add-group') {
    const before = await t.db.$count(groups);
    const response = await post(url, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await t.db.$count(groups)).toBe(before);
  }

  it('when a leg array is shorter than the layout, then 422 naming the layout', async () => {
    const body = { ...buildGroupBody(inventory, { ticketType: 2, direction: 2 }), departure_flight_number: ['PK1', 'PK2', 'PK3'] };
    await expect422(body, 'departure_flight_number', 'The departure flight number must contain 4 items: a round-trip via group has 4 legs.');
  });

  it('when a one-way direct group sends two legs, then 422', async () => {
    const body = buildGroupBody(inventory, { ticketType: 1, direction: 2 });
    await expect422({ ...body, direction: 1 }, 'departure_sector', 'The departure sector must contain 1 item: a one-way direct group has 1 leg.');
  });

  it('when the second flight number is blank, then 422 on departure_flight_number.1', async () => {
    const body = { ...buildGroupBody(inventory, { ticketType: 1, direction: 2 }), departure_flight_number: ['PK1', '  '] };
    await expect422(body, 'departure_flight_number.1', 'The departure flight number field is required.');
  });

  it('when baggage has units or hand carry is negative, then 422', async () => {
    const body = buildGroupBody(inventory);
    await expect422({ ...body, departure_baggage: ['30kg'] }, 'departure_baggage.0', 'The departure baggage must be an integer.');
    await expect422({ ...body, departure_handcarry: ['-1'] }, 'departure_handcarry.0', 'The departure handcarry must be at least 0.');
  });

  it('when a time or a date is malformed, then 422', async () => {
    const body = buildGroupBody(inventory);
    await expect422({ ...body, departure_time: ['25:00'] }, 'departure_time.0', 'The departure time must be a valid time (HH:mm).');
    await expect422({ ...body, arivval_date: ['2030-02-30'] }, 'arivval_date.0', 'The arrival date is not a valid date (YYYY-MM-DD).');
  });

  it('when a leg lands before it departs, then 422', async () => {
    const body = { ...buildGroupBody(inventory), arivval_time: ['09:00'] };
    await expect422(body, 'arivval_time.0', 'The arrival of trip A-1 may not be before its departure.');
  });

  it('when a leg departs before the previous one lands, then 422', async () => {
    const body = { ...buildGroupBody(inventory, { ticketType: 2, direction: 1 }), departure_date: [daysFromToday(30), daysFromToday(29)], arivval_date: [daysFromToday(30), daysFromToday(29)] };
    await expect422(body, 'departure_date.1', 'Trip B-1 may not depart before trip A-1 arrives.');
  });

  it('when the first departure is before today, then 422 on departure_date.0, as JSON and as multipart (issue 21 §9)', async () => {
    const body = { ...buildGroupBody(inventory), departure_date: [daysFromToday(-1)], arivval_date: [daysFromToday(-1)] };
    await expect422(body, 'departure_date.0', 'The departure date must be a date after or equal to today.');
    const before = await t.db.$count(groups);
    const asForm = await post('/api/add-group', body, { asForm: true });
    expect(asForm.statusCode).toBe(422);
    expect(asForm.json()).toEqual({
      message: 'The departure date must be a date after or equal to today.',
      errors: { 'departure_date.0': ['The departure date must be a date after or equal to today.'] },
    });
    expect(await t.db.$count(groups)).toBe(before);
  });

  it('when the first departure is today (Asia/Karachi), then the group is added', async () => {
    await addGroup(buildGroupBody(inventory, { firstDay: 0 }));
  });

  it('when the pnr is taken by a live group (in any case), then 422', async () => {
    await addGroup(buildGroupBody(inventory, { pnr: 'TAKEN1' }));
    await expect422(buildGroupBody(inventory, { pnr: 'taken1' }), 'pnr', 'The pnr has already been taken.');
  });

  it('when total_ticket is above tickets_wehave, then 422', async () => {
    await expect422({ ...buildGroupBody(inventory), total_ticket: 41 }, 'total_ticket', 'The total ticket may not be greater than tickets we have.');
  });

  it('when tickets_wehave is 0 or a price is negative, then 422', async () => {
    await expect422({ ...buildGroupBody(inventory), tickets_wehave: 0, total_ticket: 0 }, 'tickets_wehave', 'The tickets we have must be at least 1.');
    await expect422({ ...buildGroupBody(inventory), infant_price: -5 }, 'infant_price', 'The infant price must be at least 0.');
  });

  it('when the airline is inactive, the my sector unknown or a sector deleted, then 422 on each', async () => {
    const inactiveAirline = await insertAirline(t.db, { status: false });
    const deletedSector = await insertSector(t.db, { deleted: true });
    const body = { ...buildGroupBody(inventory), airline: inactiveAirline, my_section_id: 999999, departure_sector: [deletedSector] };
    const response = await post('/api/add-group', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The selected airline is invalid.',
      errors: {
        airline: ['The selected airline is invalid.'],
        my_section_id: ['The selected my sector is invalid.'],
        'departure_sector.0': ['The selected departure sector is invalid.'],
      },
    });
  });

  it('when an agent or nobody calls, then 403 or 401', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    const asAgent = await t.app.inject({ method: 'POST', url: '/api/add-group', payload: buildGroupBody(inventory), headers: bearer(token) });
    expect(asAgent.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/add-group', payload: buildGroupBody(inventory) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('update-group refusals', () => {
  it('when the ticket type or direction changes, then 422 and nothing changes', async () => {
    const body = buildGroupBody(inventory, { ticketType: 1, direction: 2 });
    const id = await addGroup(body);
    const response = await post('/api/update-group', { ...buildGroupBody(inventory, { ticketType: 2, direction: 2, pnr: body.pnr as string }), group_id: id, price: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ ticket_type: ['The ticket type cannot be changed.'] });
    const direction = await post('/api/update-group', { ...buildGroupBody(inventory, { ticketType: 1, direction: 1, pnr: body.pnr as string }), group_id: id });
    expect(direction.json().errors).toEqual({ direction: ['The direction cannot be changed.'] });
    expect((await readGroup(id)).price).toBe(150000);
  });

  it('when total_ticket goes below the seats sold, then 409 and the legs stay', async () => {
    const body = buildGroupBody(inventory);
    const id = await addGroup(body);
    await insertBooking(t.db, { groupId: id, addedBy: adminId, adults: 3, children: 2, infants: 1 });
    const response = await post('/api/update-group', { ...body, group_id: id, total_ticket: 4, departure_flight_number: ['XX 1'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: '5 seats are already sold in this group.' });
    const legs = await t.db.select().from(groupLegs).where(eq(groupLegs.groupId, id));
    expect(legs.map((leg) => leg.flightNumber)).toEqual(['PK 700']);
    const ok = await post('/api/update-group', { ...body, group_id: id, total_ticket: 5 });
    expect(ok.statusCode).toBe(200);
  });

  it('when the pnr is taken by another group, then 422; keeping its own pnr is fine', async () => {
    const first = buildGroupBody(inventory);
    const second = buildGroupBody(inventory);
    await addGroup(first);
    const id = await addGroup(second);
    const taken = await post('/api/update-group', { ...second, group_id: id, pnr: first.pnr });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ pnr: ['The pnr has already been taken.'] });
    expect((await post('/api/update-group', { ...second, group_id: id })).statusCode).toBe(200);
  });

  it('when group_id is not a number or unknown, then 422 or 404', async () => {
    const body = buildGroupBody(inventory);
    const bad = await post('/api/update-group', { ...body, group_id: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ group_id: ['The group id must be an integer.'] });
    const unknown = await post('/api/update-group', { ...body, group_id: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Group not found.' });
  });
});

describe('a group whose first departure has passed (decisions 004, 024)', () => {
  /** A round trip whose outbound left `days` ago and whose return is still ahead, as if time had passed. */
  async function addFlownGroup(days: number) {
    const body = buildGroupBody(inventory, { ticketType: 2, direction: 1 });
    const id = await addGroup(body);
    const outbound = daysFromToday(-days);
    await t.db.update(groups).set({ departureDate: outbound }).where(eq(groups.id, id));
    await t.db
      .update(groupLegs)
      .set({ departureDate: outbound, arrivalDate: outbound })
      .where(and(eq(groupLegs.groupId, id), eq(groupLegs.position, 0)));
    const [returnDeparture, returnArrival] = [(body.departure_date as string[])[1]!, (body.arivval_date as string[])[1]!];
    return {
      id,
      returnDates: { departure: returnDeparture, arrival: returnArrival },
      body: { ...body, group_id: id, departure_date: [outbound, returnDeparture], arivval_date: [outbound, returnArrival] },
    };
  }

  it('when it is saved with its first date unchanged, then 200: the price and the return leg can still be corrected', async () => {
    const { id, body } = await addFlownGroup(3);
    const response = await post('/api/update-group', { ...body, price: 99000, departure_flight_number: ['PK 700', 'PK 999'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readGroup(id)).toMatchObject({ price: 99000, date: daysFromToday(-3) });
  });

  it('when its first date moves to another past day, or a future group moves into the past, then 422 and nothing changes', async () => {
    const { id, body, returnDates } = await addFlownGroup(3);
    const moved = await post('/api/update-group', {
      ...body,
      departure_date: [daysFromToday(-4), returnDates.departure],
      arivval_date: [daysFromToday(-4), returnDates.arrival],
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ 'departure_date.0': ['The departure date must be a date after or equal to today.'] });
    expect((await readGroup(id)).date).toBe(daysFromToday(-3));

    const future = buildGroupBody(inventory);
    const futureId = await addGroup(future);
    const intoPast = await post('/api/update-group', { ...future, group_id: futureId, departure_date: [daysFromToday(-1)], arivval_date: [daysFromToday(-1)] });
    expect(intoPast.statusCode).toBe(422);
    expect(intoPast.json().errors).toEqual({ 'departure_date.0': ['The departure date must be a date after or equal to today.'] });
    expect((await readGroup(futureId)).date).toBe(daysFromToday(30));
  });

  it('when it is closed and reopened, then both answer 200 (its status is not a date rule)', async () => {
    const { id } = await addFlownGroup(10);
    expect((await post('/api/update-group-status', { group_id: id, close_status: 1 })).statusCode).toBe(200);
    expect((await readGroup(id)).close_status).toBe(1);
    expect((await post('/api/update-group-status', { group_id: id, close_status: 0 })).statusCode).toBe(200);
    expect((await readGroup(id)).close_status).toBe(0);
  });
});

describe('update-group-status and deletegroup', () => {
  it('when a group is closed and reopened, then the answers say so; an unknown or malformed id is 404 or 422', async () => {
    const id = await addGroup(buildGroupBody(inventory));
    const close = await post('/api/update-group-status', { group_id: id, close_status: 1 });
    expect(close.json()).toEqual({ message: 'Group closed successfully!' });
    expect((await readGroup(id)).close_status).toBe(1);
    const form = multipart([['group_id', String(id)], ['close_status', '0']]);
    const reopen = await t.app.inject({ method: 'POST', url: '/api/update-group-status', payload: form.payload, headers: { ...form.headers, ...bearer(admin) } });
    expect(reopen.json()).toEqual({ message: 'Group activated successfully!' });
    expect((await readGroup(id)).close_status).toBe(0);
    expect((await post('/api/update-group-status', { group_id: 999999, close_status: 1 })).statusCode).toBe(404);
    const bad = await post('/api/update-group-status', { group_id: id, close_status: 3 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ close_status: ['The selected close status is invalid.'] });
  });

  it('when a group has a live booking, then delete is 409; after it is cancelled, delete works and the group is gone', async () => {
    const id = await addGroup(buildGroupBody(inventory));
    const bookingId = await insertBooking(t.db, { groupId: id, addedBy: adminId, adults: 2 });
    await insertBooking(t.db, { groupId: id, addedBy: adminId, cancelled: true });
    const del = () => t.app.inject({ method: 'GET', url: `/api/deletegroup/${id}`, headers: bearer(admin) });
    const refused = await del();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This group has 1 live booking(s) and cannot be deleted.' });

    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, bookingId));
    const deleted = await del();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Group deleted successfully!' });
    expect((await t.app.inject({ method: 'GET', url: `/api/editgroup/${id}`, headers: bearer(admin) })).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(404);
  });

  it('when a deleted group freed its pnr, then a new group may take it', async () => {
    const body = buildGroupBody(inventory);
    const id = await addGroup(body);
    await t.app.inject({ method: 'GET', url: `/api/deletegroup/${id}`, headers: bearer(admin) });
    await addGroup(body);
  });
});
