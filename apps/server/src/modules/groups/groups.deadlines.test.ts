import {
  deadlineAfterDepartureMessage,
  deadlineInvalidMessage,
  NAME_AFTER_TICKETING_MESSAGE,
} from '@portal/contract/groups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../../test/helpers.js';
import {
  buildGroupBody,
  daysFromToday,
  groupRequests,
  startGroupTestBed,
  type GroupBody,
  type GroupRequests,
  type TestInventory,
} from '../../test/inventory-factories.js';
import { groups } from './groups.table.js';

/** PRODUCT §6 "Group deadlines" (decision 030): optional instants, entered in Asia/Karachi, in order. */

let t: TestApp;
let admin: string;
let inventory: TestInventory;
let post: GroupRequests['post'];
let readGroup: GroupRequests['readGroup'];

beforeAll(async () => {
  ({ t, admin, inventory } = await startGroupTestBed());
  ({ post, readGroup } = groupRequests(t, admin));
});
afterAll(() => t.close());

/** The UTC instant of a local Asia/Karachi (UTC+05:00) date and time. */
function karachi(date: string, time: string): string {
  return new Date(`${date}T${time}:00+05:00`).toISOString();
}

// buildGroupBody: the first departure is day 30 at 10:00 (Karachi).
const departureDay = daysFromToday(30);

describe('add-group and update-group with deadlines', () => {
  it('when deadlines are sent as Karachi local times in a multipart form, then editgroup and the list answer them as instants', async () => {
    const body: GroupBody = {
      ...buildGroupBody(inventory),
      deposit_deadline: `${daysFromToday(10)} 18:00`,
      name_deadline: `${daysFromToday(20)} 09:30`,
      ticketing_deadline: `${daysFromToday(25)}T12:00`,
    };
    const response = await post('/api/add-group', body, { asForm: true });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    const expected = {
      deposit_deadline: karachi(daysFromToday(10), '18:00'),
      name_deadline: karachi(daysFromToday(20), '09:30'),
      ticketing_deadline: karachi(daysFromToday(25), '12:00'),
    };
    expect(await readGroup(id)).toMatchObject(expected);
    const list = await t.app.inject({ method: 'GET', url: `/api/listofgroups?pnr=${body.pnr as string}`, headers: bearer(admin) });
    expect(list.json().data).toEqual([expect.objectContaining({ id, ...expected })]);
  });

  it('when deadlines are sent as ISO instants with a zone in JSON, then they are kept to the minute; none sent reads null', async () => {
    const body: GroupBody = { ...buildGroupBody(inventory), name_deadline: '2030-01-01T00:00:00Z' };
    // A departure far enough for that name deadline.
    body.departure_date = ['2030-02-01'];
    body.arivval_date = ['2030-02-01'];
    const response = await post('/api/add-group', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(await readGroup(response.json().data.id)).toMatchObject({
      deposit_deadline: null,
      name_deadline: '2030-01-01T00:00:00.000Z',
      ticketing_deadline: null,
    });
  });

  it('when a deadline is no date and time, then 422 names the field and nothing is added', async () => {
    const before = await t.db.select().from(groups);
    const response = await post('/api/add-group', { ...buildGroupBody(inventory), deposit_deadline: 'next friday', ticketing_deadline: '2026-02-30 10:00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      deposit_deadline: [deadlineInvalidMessage('deposit_deadline')],
      ticketing_deadline: [deadlineInvalidMessage('ticketing_deadline')],
    });
    expect(response.json().errors.deposit_deadline).toEqual(['The deposit deadline is not a valid date and time.']);
    expect(await t.db.select().from(groups)).toHaveLength(before.length);
  });

  it('when a deadline is at or after the first departure (its date and time in Karachi), then 422; a minute before is taken', async () => {
    const late = await post('/api/add-group', {
      ...buildGroupBody(inventory),
      deposit_deadline: `${departureDay} 10:00`,
      name_deadline: `${departureDay} 10:00`,
      ticketing_deadline: `${departureDay} 10:01`,
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({
      deposit_deadline: ['The deposit deadline must be before the first departure.'],
      name_deadline: ['The name deadline must be before the first departure.'],
      ticketing_deadline: [deadlineAfterDepartureMessage('ticketing_deadline')],
    });
    const inTime = await post('/api/add-group', {
      ...buildGroupBody(inventory),
      deposit_deadline: `${departureDay} 09:59`,
      name_deadline: `${departureDay} 09:59`,
      ticketing_deadline: `${departureDay} 09:59`,
    });
    expect(inTime.statusCode, inTime.body).toBe(201);
  });

  it('when the name deadline is after the ticketing deadline, then 422 on name_deadline; the same instant is allowed', async () => {
    const response = await post('/api/add-group', {
      ...buildGroupBody(inventory),
      name_deadline: `${daysFromToday(20)} 12:01`,
      ticketing_deadline: `${daysFromToday(20)} 12:00`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: NAME_AFTER_TICKETING_MESSAGE,
      errors: { name_deadline: ['The name deadline may not be after the ticketing deadline.'] },
    });
    const same = await post('/api/add-group', {
      ...buildGroupBody(inventory),
      name_deadline: `${daysFromToday(20)} 12:00`,
      ticketing_deadline: `${daysFromToday(20)} 12:00`,
    });
    expect(same.statusCode, same.body).toBe(201);
  });

  it('when update-group moves, clears and refuses deadlines, then moves and clears are saved, a refusal changes nothing, and a moved name deadline is one the job has not handled', async () => {
    const body = { ...buildGroupBody(inventory), name_deadline: `${daysFromToday(20)} 12:00`, deposit_deadline: `${daysFromToday(5)} 12:00` };
    const added = await post('/api/add-group', body);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as number;
    await t.db.update(groups).set({ nameDeadlineDoneAt: new Date() }).where(eq(groups.id, id));

    // The same name deadline again (a price change, say): still handled.
    const same = await post('/api/update-group', { ...body, group_id: id, price: 160000 });
    expect(same.statusCode, same.body).toBe(200);
    expect((await t.db.select().from(groups).where(eq(groups.id, id)))[0]!.nameDeadlineDoneAt).not.toBeNull();

    const refused = await post('/api/update-group', { ...body, group_id: id, deposit_deadline: `${daysFromToday(40)} 12:00` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ deposit_deadline: ['The deposit deadline must be before the first departure.'] });
    expect(await readGroup(id)).toMatchObject({ deposit_deadline: karachi(daysFromToday(5), '12:00'), price: 160000 });

    const moved = await post('/api/update-group', { ...body, group_id: id, name_deadline: `${daysFromToday(22)} 12:00`, deposit_deadline: '' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await readGroup(id)).toMatchObject({
      deposit_deadline: null,
      name_deadline: karachi(daysFromToday(22), '12:00'),
      ticketing_deadline: null,
    });
    expect((await t.db.select().from(groups).where(eq(groups.id, id)))[0]!.nameDeadlineDoneAt).toBeNull();
  });

  it('when the database is written around the use case with names after ticketing, then its check refuses it', async () => {
    const [row] = await t.db.select().from(groups).limit(1);
    await expect(
      t.db
        .update(groups)
        .set({ nameDeadline: new Date('2030-01-02T00:00:00Z'), ticketingDeadline: new Date('2030-01-01T00:00:00Z') })
        .where(eq(groups.id, row!.id)),
    ).rejects.toThrow();
  });
});
