import { AGENTS_BALANCE_PER_PAGE, type AccountReport, type AgentsBalanceResponse } from '@portal/contract/ledger';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertAgentWithToken, insertBookableGroup } from '../bookings/bookings.fixtures.js';
import { payments } from '../payments/payments.table.js';
import { nextAgentIdSql, users, type UserRow } from '../users/users.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin } from './ledger.fixtures.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
/** Owes 130,000 (paid 50,000 of 180,000). */
let agentA: { user: UserRow; token: string };
/** Owes nothing (paid in full). */
let agentB: { user: UserRow; token: string };
/** Owed 100,000 back (paid, then the booking was cancelled). */
let agentC: { user: UserRow; token: string };
/** Approved, never booked. */
let agentD: { user: UserRow; token: string };
/** Owes 100,000, then rejected and deleted: still listed. */
let agentF: { user: UserRow; token: string };

const D = daysFromToday;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Balance Admin' });
  agentA = await insertAgentWithToken(t.db, { name: 'Ahmed Raza', agencyName: 'Alpha Travels' });
  agentB = await insertAgentWithToken(t.db, { name: 'Bilal Shah', agencyName: 'Beta Tours' });
  agentC = await insertAgentWithToken(t.db, { name: 'Chand Bibi', agencyName: '' });
  agentD = await insertAgentWithToken(t.db, { name: 'Dawood Khan', agencyName: 'Delta Hajj' });
  agentF = await insertAgentWithToken(t.db, { name: 'Faisal Ali', agencyName: 'Foxtrot Umrah' });
  // Neither is listed: a pending registrant, and an approved agent deleted before booking anything.
  await insertAgentWithToken(t.db, { name: 'Pending Agent', status: 'pending' });
  const deleted = await insertAgentWithToken(t.db, { name: 'Deleted Agent' });
  await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));

  const group = await insertBookableGroup(t.db, { totalTicket: 20, price: 100_000, infantPrice: 20_000 });
  const a1 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr, adults: 2 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: a1, discount: 20_000, receivePayment: 50_000 });
  const b1 = await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: group.pnr });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b1, receivePayment: 100_000 });
  const c1 = await bookAsAgent(t.app, multipart, { token: agentC.token, pnr: group.pnr });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: c1, receivePayment: 100_000 });
  await cancelAsAdmin(t.app, { token: admin.token, bookingId: c1 });
  const f1 = await bookAsAgent(t.app, multipart, { token: agentF.token, pnr: group.pnr });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: f1 });
  await t.db.update(users).set({ activeStatus: 'rejected', deletedAt: new Date() }).where(eq(users.id, agentF.user.id));

  // Last Paid is the latest live payment: A's payment moves back 5 days, and a later deleted one does not count.
  await t.db.update(payments).set({ receiveDate: D(-5) }).where(eq(payments.bookingId, a1));
  await t.db.insert(payments).values({ bookingId: a1, receiveDate: D(-1), receiveAmount: 1_000, addedBy: admin.user.id, deletedAt: new Date() });
});
afterAll(() => t.close());

function balances(token: string | null = admin.token, page?: number) {
  return t.app.inject({
    method: 'GET',
    url: `/api/allagentsbalancelist${page === undefined ? '' : `?page=${page}`}`,
    headers: token ? bearer(token) : {},
  });
}

async function closingBalanceOf(agentNumber: number): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account-api',
    payload: { agent_id: agentNumber, type: 'all' },
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AccountReport }).data.closing_balance;
}

describe('GET /api/allagentsbalancelist', () => {
  it('when agents owe, are owed or have no rows, then each is listed most owed first with its last payment date', async () => {
    const response = await balances();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AgentsBalanceResponse;
    const number = (agent: { user: UserRow }) => agent.user.agentId!;
    expect(body.data.data).toEqual([
      { agent_id: number(agentA), name: 'Alpha Travels', agency_name: 'Alpha Travels', last_paid: D(-5), balance: 130_000 },
      { agent_id: number(agentF), name: 'Foxtrot Umrah', agency_name: 'Foxtrot Umrah', last_paid: null, balance: 100_000 },
      { agent_id: number(agentB), name: 'Beta Tours', agency_name: 'Beta Tours', last_paid: D(0), balance: 0 },
      { agent_id: number(agentD), name: 'Delta Hajj', agency_name: 'Delta Hajj', last_paid: null, balance: 0 },
      // No agency name: the agent's name is shown.
      { agent_id: number(agentC), name: 'Chand Bibi', agency_name: '', last_paid: D(0), balance: -100_000 },
    ]);
    expect(body.data).toMatchObject({ current_page: 1, per_page: AGENTS_BALANCE_PER_PAGE, total: 5, last_page: 1, prev_page_url: null, next_page_url: null });
  });

  it("when compared with each agent's ledger, then every balance equals the ledger's closing balance", async () => {
    const rows = ((await balances()).json() as AgentsBalanceResponse).data.data;
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(await closingBalanceOf(row.agent_id), `Agent-${row.agent_id}`).toBe(row.balance);
    }
  });

  it('when the caller is an agent, then 403; without a token, 401', async () => {
    const forbidden = await balances(agentA.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
    const anonymous = await balances(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when there are more agents than a page holds, then the pages follow the Laravel envelope inside data', async () => {
    // 21 more approved agents with nothing owed: 26 in all, two pages.
    await t.db.insert(users).values(
      Array.from({ length: 21 }, (_, index) => ({
        role: 'user' as const,
        name: `Filler ${index}`,
        email: `filler-${index}@example.com`,
        activeStatus: 'approved' as const,
        agentId: nextAgentIdSql,
        source: 'admin',
      })),
    );
    const first = (await balances()).json() as AgentsBalanceResponse;
    expect(first.data.data).toHaveLength(AGENTS_BALANCE_PER_PAGE);
    expect(first.data).toMatchObject({
      current_page: 1,
      total: 26,
      last_page: 2,
      prev_page_url: null,
      next_page_url: `${t.config.publicUrl}/api/allagentsbalancelist?page=2`,
    });
    const second = (await balances(admin.token, 2)).json() as AgentsBalanceResponse;
    expect(second.data).toMatchObject({ current_page: 2, total: 26, next_page_url: null, prev_page_url: `${t.config.publicUrl}/api/allagentsbalancelist?page=1` });
    expect(second.data.data).toHaveLength(6);
    // Zero balances by agent number across the page break; the agent owed money back comes last.
    const zeros = [...first.data.data, ...second.data.data].filter((row) => row.balance === 0).map((row) => row.agent_id);
    expect(zeros).toEqual([...zeros].sort((a, b) => a - b));
    expect(second.data.data.at(-1)).toMatchObject({ agent_id: agentC.user.agentId, balance: -100_000 });
  });
});

describe('GET /api/agents-balance-xlsx', () => {
  function exportBalances(token: string | null = admin.token) {
    return t.app.inject({ method: 'GET', url: '/api/agents-balance-xlsx', headers: token ? bearer(token) : {} });
  }

  it('when an admin exports it, then every agent (not one page) is in the report order with typed cells, and the total balance last', async () => {
    const response = await exportBalances();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="agents-balance-${D(0)}.xlsx"`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Balance Report']);
    const sheet = workbook.worksheets[0]!;
    const values = (row: number) =>
      [1, 2, 3, 4, 5].map((column) => {
        const value = sheet.getRow(row).getCell(column).value;
        return value instanceof Date ? value.toISOString().slice(0, 10) : value;
      });
    expect(values(1)[0]).toBe('Balance Report');
    expect(values(2)[0]).toMatch(/^As of \d{2} [A-Z][a-z]{2} \d{4}$/);
    expect(values(4)).toEqual(['Sr. #', 'Agent Id', 'Agent', 'Last Paid', 'Balance']);

    // The same agents as the paged list, in its order: 26 of them (the previous test added 21 fillers).
    const paged = [
      ...((await balances(admin.token, 1)).json() as AgentsBalanceResponse).data.data,
      ...((await balances(admin.token, 2)).json() as AgentsBalanceResponse).data.data,
    ];
    expect(paged).toHaveLength(26);
    const rows = Array.from({ length: 26 }, (_, index) => values(5 + index));
    expect(rows).toEqual(paged.map((row, index) => [index + 1, `Agent-${row.agent_id}`, row.name, row.last_paid, row.balance]));
    expect(rows.slice(0, 4)).toEqual([
      [1, `Agent-${agentA.user.agentId}`, 'Alpha Travels', D(-5), 130_000],
      [2, `Agent-${agentF.user.agentId}`, 'Foxtrot Umrah', null, 100_000],
      [3, `Agent-${agentB.user.agentId}`, 'Beta Tours', D(0), 0],
      [4, `Agent-${agentD.user.agentId}`, 'Delta Hajj', null, 0],
    ]);
    expect(rows.at(-1)).toEqual([26, `Agent-${agentC.user.agentId}`, 'Chand Bibi', D(0), -100_000]);
    // 130,000 + 100,000 - 100,000 owed in all.
    expect(values(31)).toEqual(['Total', null, '26 agents', null, 130_000]);
    expect(sheet.getRow(5).getCell(5).numFmt).toBe('"PKR "#,##0;"PKR -"#,##0');
    expect(sheet.getRow(31).getCell(5).numFmt).toBe('"PKR "#,##0;"PKR -"#,##0');
    expect(sheet.rowCount).toBe(31);
  });

  it('when the caller is an agent, then 403; without a token, 401', async () => {
    expect((await exportBalances(agentA.token)).statusCode).toBe(403);
    expect((await exportBalances(null)).statusCode).toBe(401);
  });
});
