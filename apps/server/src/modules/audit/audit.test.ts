import { AUDIT_ENTITY_ID_MESSAGE, AUDIT_KIND_MESSAGE, type AuditEntry } from '@portal/contract/audit';
import { LEDGER_DATE_ORDER_MESSAGE } from '@portal/contract/ledger';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, type TestApp } from '../../test/helpers.js';
import { buildGroupBody, groupRequests, startGroupTestBed, type GroupRequests, type TestInventory } from '../../test/inventory-factories.js';
import { bookingFields, insertAgentWithToken, insertBookableGroup, passenger, postBooking } from '../bookings/bookings.fixtures.js';
import { bookings } from '../bookings/bookings.table.js';
import { sweepExpiredHolds } from '../bookings/hold-sweeper.js';
import { groups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';
import { auditLog } from './audit.table.js';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from './audit.usecases.js';

let t: TestApp;
let admin: string;
let adminId: number;
let inventory: TestInventory;
let groupsApi: GroupRequests;

beforeAll(async () => {
  ({ t, admin, adminId, inventory } = await startGroupTestBed());
  groupsApi = groupRequests(t, admin);
});
afterAll(() => t.close());

const ADDRESS = '203.0.113.7';

async function audit(query: string, token = admin) {
  return t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: bearer(token) });
}

async function entries(query: string): Promise<AuditEntry[]> {
  const response = await audit(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function addGroup(pnr: string): Promise<number> {
  return groupsApi.addGroup(buildGroupBody(inventory, { pnr }), { remoteAddress: ADDRESS });
}

async function auditRowsOf(kind: string, entityId: number) {
  return t.db.select().from(auditLog).where(sql`${auditLog.kind} = ${kind} and ${auditLog.entityId} = ${entityId}`).orderBy(auditLog.id);
}

describe('the audit trail is written with each change', () => {
  it('when an admin adds, updates, closes and deletes a group, then each is one row with actor, address, before and after', async () => {
    const id = await addGroup('AUD001');
    const body = { ...buildGroupBody(inventory, { pnr: 'AUD001' }), group_id: id, price: 123_456 };
    const update = await groupsApi.post('/api/update-group', body, { remoteAddress: ADDRESS });
    expect(update.statusCode, update.body).toBe(200);
    const close = await groupsApi.post('/api/update-group-status', { group_id: id, close_status: 1 });
    expect(close.statusCode, close.body).toBe(200);
    const remove = await t.app.inject({ method: 'GET', url: `/api/deletegroup/${id}`, headers: bearer(admin) });
    expect(remove.statusCode, remove.body).toBe(200);

    const rows = await auditRowsOf('group', id);
    expect(rows.map((row) => row.action)).toEqual(['add', 'update', 'close', 'delete']);
    const [add, updated, closed, deleted] = rows;
    expect(add).toMatchObject({ actorUserId: adminId, actorName: expect.any(String), address: ADDRESS, before: null });
    expect(add!.after).toMatchObject({ id, pnr: 'AUD001', close_status: false, deleted_at: null });
    expect((add!.after as { legs: unknown[] }).legs).toHaveLength(1);
    expect((updated!.before as { price: number }).price).not.toBe(123_456);
    expect((updated!.after as { price: number }).price).toBe(123_456);
    expect(closed!.before).toMatchObject({ close_status: false });
    expect(closed!.after).toMatchObject({ close_status: true });
    expect((deleted!.after as { deleted_at: string | null }).deleted_at).not.toBeNull();
  });

  it('when a change is refused (422), then no audit row is written', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const response = await groupsApi.post('/api/add-group', { pnr: '' });
    expect(response.statusCode).toBe(422);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('when the change throws after its audit row, then both roll back; when the audit row fails, the change rolls back', async () => {
    const group = await insertBookableGroup(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(groups).set({ price: 1 }).where(eq(groups.id, group.id));
        await recordAudit(tx, SYSTEM_ACTOR, { kind: 'group', entity_id: group.id, action: 'update' });
        throw new Error('the change fails after its audit row');
      }),
    ).rejects.toThrow('the change fails after its audit row');
    expect(await auditRowsOf('group', group.id)).toEqual([]);

    const broken = { userId: null, name: null, address: null } as unknown as AuditActor;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(groups).set({ price: 2 }).where(eq(groups.id, group.id));
        await recordAudit(tx, broken, { kind: 'group', entity_id: group.id, action: 'update' });
      }),
    ).rejects.toThrow();
    const [row] = await t.db.select({ price: groups.price }).from(groups).where(eq(groups.id, group.id));
    expect(row!.price).toBe(group.price);
    expect(await auditRowsOf('group', group.id)).toEqual([]);
  });

  it('when an agent books, then the booking row is audited with passport numbers masked to their last 4 characters', async () => {
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db, { name: 'Audit Agent' });
    const response = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult', passport_no: 'AB1234567' })] })),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    const [row] = await auditRowsOf('booking', id);
    expect(row).toMatchObject({ actorUserId: agent.user.id, actorName: 'Audit Agent', action: 'add' });
    const after = row!.after as { passengers: Array<{ passport_no: string }>; idempotency_key?: unknown };
    expect(after.passengers[0]!.passport_no).toBe('•••••4567');
    expect(JSON.stringify(row!.after)).not.toContain('AB1234567');
    expect(after).not.toHaveProperty('idempotency_key');
  });

  it('when an admin accepts an agent, then the audit row holds no password hash', async () => {
    const agent = await t.createAgent({ status: 'pending' });
    const response = await t.app.inject({ method: 'GET', url: `/api/approve-user/${agent.user.id}`, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await auditRowsOf('agent', agent.user.id);
    expect(row).toMatchObject({ action: 'approve', before: expect.objectContaining({ active_status: 'pending' }) });
    expect(row!.after).toMatchObject({ active_status: 'approved', change_password: true });
    const text = JSON.stringify([row!.before, row!.after]);
    expect(text).not.toMatch(/password_hash|temp_password_hash/);
    expect(text).not.toContain('scrypt');
  });

  it('when the hold sweeper cancels an expired hold, then the row is the system actor\'s "expire"', async () => {
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db);
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
    const id = response.json().data.id as number;
    await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, id));
    expect((await sweepExpiredHolds({ db: t.db })).map((hold) => hold.id)).toContain(id);
    const rows = await auditRowsOf('booking', id);
    expect(rows.map((row) => [row.action, row.actorName, row.actorUserId, row.address])).toEqual([
      ['add', agent.user.name, agent.user.id, '127.0.0.1'],
      ['expire', 'system', null, null],
    ]);
    expect(rows[1]!.before).toMatchObject({ cancel_status: false });
    expect(rows[1]!.after).toMatchObject({ cancel_status: true });
  });
});

describe('audit rows cannot be changed or removed, not even by the application connection', () => {
  it('when the application updates, deletes or truncates audit rows, then the database refuses and the row stays', async () => {
    await addGroup('AUD002');
    const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    await expect(t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });

  it('when the error is read, then it names the rule', async () => {
    const failure = await t.db.execute(sql`delete from audit_log`).then(
      () => null,
      (error: unknown) => error,
    );
    const message = String((failure as { cause?: { message?: string } }).cause?.message ?? (failure as Error).message);
    expect(message).toContain('audit_log is append-only: DELETE is not allowed');
  });
});

describe('GET /api/audit', () => {
  let first: number;
  let second: number;
  beforeAll(async () => {
    first = await addGroup('AUD101');
    second = await addGroup('AUD102');
  });

  it('when nobody or an agent asks, then 401 and 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const agent = await insertAgentWithToken(t.db);
    expect((await audit('', agent.token)).statusCode).toBe(403);
  });

  it('when filtered by kind and entity id, then only that record\'s rows, newest first', async () => {
    const rows = await entries(`?kind=group&entity_id=${second}`);
    expect(rows.map((row) => [row.kind, row.entity_id, row.action])).toEqual([['group', second, 'add']]);
    expect(rows[0]).toMatchObject({ user_id: adminId, address: ADDRESS, before: null, after: expect.objectContaining({ pnr: 'AUD102' }) });
    expect(await entries(`?entity_id=%23${first}&kind=group`)).toHaveLength(1);
    const all = await entries('?kind=group');
    expect(all.every((row) => row.kind === 'group')).toBe(true);
    const ids = all.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('when filtered by user, then by number, part of the name, or system', async () => {
    const [me] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, adminId));
    const byId = await entries(`?user=${adminId}&kind=group`);
    expect(byId.length).toBeGreaterThanOrEqual(2);
    expect(byId.every((row) => row.user_id === adminId)).toBe(true);
    const byName = await entries(`?user=${encodeURIComponent(me!.name.slice(1, 4).toUpperCase())}&kind=group`);
    expect(byName.map((row) => row.id)).toEqual(byId.map((row) => row.id));
    expect((await entries('?user=system')).every((row) => row.user_name === 'system')).toBe(true);
    expect(await entries('?user=nobody-with-this-name')).toEqual([]);
  });

  it('when filtered by date range (Asia/Karachi days), then rows of those days only', async () => {
    // Rows are inserted with a chosen instant instead (the table is append-only): 2026-03-01 23:30 Karachi = 18:30 UTC.
    await t.db.insert(auditLog).values([
      { at: new Date('2026-03-01T18:30:00Z'), actorName: 'Range Tester', kind: 'settings', action: 'update' },
      { at: new Date('2026-03-01T19:30:00Z'), actorName: 'Range Tester', kind: 'settings', action: 'update' },
      { at: new Date('2026-03-03T10:00:00Z'), actorName: 'Range Tester', kind: 'settings', action: 'update' },
    ]);
    const day1 = await entries('?user=Range%20Tester&from=2026-03-01&to=2026-03-01');
    expect(day1.map((row) => row.at)).toEqual(['2026-03-01T18:30:00.000Z']);
    const day2 = await entries('?user=Range%20Tester&from=2026-03-02&to=2026-03-03');
    expect(day2.map((row) => row.at)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-01T19:30:00.000Z']);
    expect(await entries('?user=Range%20Tester&to=2026-03-01')).toHaveLength(1);
    expect(await entries('?user=Range%20Tester&from=2026-03-04')).toHaveLength(0);
  });

  it('when there are more rows than a page, then 20 a page with the Laravel envelope keeping the filters', async () => {
    await t.db.insert(auditLog).values(Array.from({ length: 25 }, (_, i) => ({ actorName: 'Pager', kind: 'banner', entityId: 9000 + i, action: 'update' })));
    const page1 = await audit('?user=Pager&kind=banner');
    const body1 = page1.json();
    expect(body1).toMatchObject({ current_page: 1, per_page: 20, total: 25, last_page: 2, prev_page_url: null });
    expect(body1.data).toHaveLength(20);
    expect(body1.next_page_url).toMatch(/\/api\/audit\?user=Pager&kind=banner&page=2$/);
    const body2 = (await audit('?user=Pager&kind=banner&page=2')).json();
    expect(body2.data).toHaveLength(5);
    expect(body2.data.map((row: AuditEntry) => row.entity_id)).toEqual([9004, 9003, 9002, 9001, 9000]);
  });

  it('when a filter is not valid, then 422 with the field and message, never 500', async () => {
    const kind = await audit('?kind=spaceship');
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.kind).toEqual([AUDIT_KIND_MESSAGE]);
    const entity = await audit('?entity_id=abc');
    expect(entity.statusCode).toBe(422);
    expect(entity.json().errors.entity_id).toEqual([AUDIT_ENTITY_ID_MESSAGE]);
    const range = await audit('?from=2026-03-05&to=2026-03-01');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors.to).toEqual([LEDGER_DATE_ORDER_MESSAGE]);
    const date = await audit('?from=2026-02-30');
    expect(date.statusCode).toBe(422);
    expect(date.json().errors.from).toEqual(['The from is not a valid date (YYYY-MM-DD).']);
  });
});
