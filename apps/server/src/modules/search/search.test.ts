import {
  HEADER_SEARCH_LIMIT,
  HEADER_SEARCH_QUERY_REQUIRED_MESSAGE,
  type HeaderSearchResponse,
} from '@portal/contract/search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import type { BookingRow } from '../bookings/bookings.table.js';
import { groups } from '../groups/groups.table.js';
import { users, type UserRow } from '../users/users.table.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let open: TestGroup;
let closed: TestGroup;
let flown: TestGroup;
let holdA: BookingRow;
let confirmedB: BookingRow;
let flownA: BookingRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Search Admin' });
  agentA = await insertUserWithToken(t.db, { name: 'Asad Ali', agencyName: 'Asad Travels' });
  agentB = await insertUserWithToken(t.db, { name: 'Babar Khan', agencyName: 'Babar Tours' });
  open = await insertTestGroup(t.db, { firstDay: 20 });
  closed = await insertTestGroup(t.db, { firstDay: 25 });
  await t.db.update(groups).set({ closeStatus: true }).where(eq(groups.id, closed.group.id));
  flown = await insertTestGroup(t.db, { firstDay: -10 });
  const uploadsDir = t.app.uploadsDir;
  // One passport on all four bookings (two of them on one group, as data older than decision 025 may hold).
  const book = async (group: TestGroup, agent: UserRow, state: 'hold' | 'confirmed') =>
    (await insertTestBooking(t.db, { uploadsDir, group: group.group, addedBy: agent.id, agentUserId: agent.id, state, passportNos: ['AB1000000'] }))
      .booking;
  holdA = await book(open, agentA.user, 'hold');
  confirmedB = await book(open, agentB.user, 'confirmed');
  flownA = await book(flown, agentA.user, 'confirmed');
  await book(closed, agentB.user, 'confirmed');
});
afterAll(() => t.close());

function search(query: string | undefined, token: string | null) {
  const url = query === undefined ? '/api/header-search' : `/api/header-search?query=${encodeURIComponent(query)}`;
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function found(query: string, token: string): Promise<HeaderSearchResponse> {
  const response = await search(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HeaderSearchResponse;
}

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('GET /api/header-search', () => {
  it('when nobody is signed in, then 401 Unauthenticated.', async () => {
    const response = await search(open.group.pnr, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when the query is missing or blank, then 422 on query', async () => {
    for (const query of [undefined, '', '   ']) {
      const response = await search(query, admin.token);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.query).toEqual([HEADER_SEARCH_QUERY_REQUIRED_MESSAGE]);
    }
  });

  it('when an admin types part of a PNR in any case, then every live group with it and every booking on it are found', async () => {
    const answer = await found(open.group.pnr.slice(0, -1).toLowerCase(), admin.token);
    const group = answer.data.groups.find((row) => row.id === open.group.id);
    expect(group).toMatchObject({ pnr: open.group.pnr, sector: open.sector, air_line: open.airlineName, offered: true, close_status: 0 });
    expect(group!.price).toBe(100_000);
    expect(ids(answer.data.bookings)).toEqual(ids([holdA, confirmedB]));
    expect(answer.data.bookings.find((row) => row.id === confirmedB.id)).toMatchObject({
      pnr: open.group.pnr,
      agent_name: 'Babar Tours',
      confirmed: 1,
      passenger_name: 'Mr ALI KHAN',
    });
    expect(answer.more).toEqual({ agents: false, groups: false, bookings: false });
  });

  it('when an admin types the PNR of a closed or a flown group, then it is found and says it is not offered', async () => {
    const closedAnswer = await found(closed.group.pnr, admin.token);
    expect(closedAnswer.data.groups[0]).toMatchObject({ id: closed.group.id, close_status: 1, offered: false });
    const flownAnswer = await found(flown.group.pnr, admin.token);
    expect(flownAnswer.data.groups[0]).toMatchObject({ id: flown.group.id, close_status: 0, offered: false });
    expect(ids(flownAnswer.data.bookings)).toEqual([flownA.id]);
  });

  it("when an admin types an agent's e-mail, agency or number, then that agent is found", async () => {
    for (const query of [agentB.user.email!, 'babar tours', `Agent-${agentB.user.agentId}`]) {
      const answer = await found(query, admin.token);
      expect(answer.data.agents.map((agent) => agent.id)).toContain(agentB.user.id);
      expect(answer.data.agents.find((agent) => agent.id === agentB.user.id)).toMatchObject({ name: 'Babar Khan', active_status: 'approved' });
    }
  });

  it('when an admin types a booking number, a passenger name or a passport number, then the bookings are found', async () => {
    expect(ids((await found(String(confirmedB.id), admin.token)).data.bookings)).toContain(confirmedB.id);
    for (const query of ['khan ali', 'ali khan', 'ab1000000']) {
      expect((await found(query, admin.token)).data.bookings, query).toHaveLength(4);
    }
  });

  it("when an agent searches a PNR that another agent booked too, then it sees only its own booking and no agents", async () => {
    const answer = await found(open.group.pnr, agentA.token);
    expect(ids(answer.data.bookings)).toEqual([holdA.id]);
    expect(answer.data.agents).toEqual([]);
    expect(answer.data.groups.map((group) => group.id)).toEqual([open.group.id]);
  });

  it("when an agent types another agent's booking number, passenger or e-mail, then nothing of that agent comes back", async () => {
    for (const query of [String(confirmedB.id), agentB.user.email!, 'babar', 'ALI KHAN', 'AB1000000']) {
      const answer = await found(query, agentA.token);
      expect(answer.data.agents).toEqual([]);
      expect(answer.data.bookings.every((row) => row.agent === agentA.user.id), query).toBe(true);
      expect(answer.data.bookings.map((row) => row.id)).not.toContain(confirmedB.id);
    }
    expect(ids((await found('ALI KHAN', agentA.token)).data.bookings)).toEqual(ids([holdA, flownA]));
    expect(ids((await found('ALI KHAN', agentB.token)).data.bookings)).not.toContain(holdA.id);
  });

  it('when an agent types the PNR of a closed or a flown group, then the group is not offered to it but its own booking is found', async () => {
    expect((await found(closed.group.pnr, agentA.token)).data.groups).toEqual([]);
    const flownAnswer = await found(flown.group.pnr, agentA.token);
    expect(flownAnswer.data.groups).toEqual([]);
    expect(ids(flownAnswer.data.bookings)).toEqual([flownA.id]);
  });

  it('when more than the limit match, then the limit is listed, offered groups soonest first, and more says so', async () => {
    for (let index = 0; index < HEADER_SEARCH_LIMIT + 1; index++) await insertTestGroup(t.db, { firstDay: 40 + index });
    // Every fixture PNR starts with 'LC'.
    const broad = await found('lc', admin.token);
    expect(broad.data.groups).toHaveLength(HEADER_SEARCH_LIMIT);
    expect(broad.more.groups).toBe(true);
    expect(broad.data.groups[0]!.id).toBe(open.group.id);
    const dates = broad.data.groups.map((group) => group.date);
    expect(dates).toEqual([...dates].sort());
    expect(broad.data.groups.every((group) => group.offered)).toBe(true);
  });

  it('when one PNR is exactly the query, then it comes first even if another departs sooner', async () => {
    const sooner = await insertTestGroup(t.db, { firstDay: 2 });
    const later = await insertTestGroup(t.db, { firstDay: 60 });
    await t.db.update(groups).set({ pnr: 'QQ77' }).where(eq(groups.id, sooner.group.id));
    await t.db.update(groups).set({ pnr: 'QQ7' }).where(eq(groups.id, later.group.id));
    t.dataChanged();
    const answer = await found('qq7', admin.token);
    expect(answer.data.groups.map((group) => group.pnr)).toEqual(['QQ7', 'QQ77']);
  });

  it('when a deleted agent matches, then it is not listed', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, agentB.user.id));
    t.dataChanged();
    const answer = await found(agentB.user.email!, admin.token);
    expect(answer.data.agents).toEqual([]);
  });
});

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is built, then header-search is in it with its query and answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/header-search'].get;
    expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'query', in: 'query', required: true })]));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '422']));
    const searchFlights = document.paths['/api/search-flights'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(searchFlights.properties)).toEqual(expect.arrayContaining(['airline', 'sort']));
  });
});
