import { AUDIT_ENTITY_ID_MESSAGE, auditListRoute } from '@portal/contract/audit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAuditEntry, buildAuditPage } from '../testing/audit-fixtures';
import { NO_AUDIT_TEXT } from './audit-table';

const rows = [
  buildAuditEntry(),
  buildAuditEntry({
    id: 2,
    at: '2026-11-26T19:15:00.000Z',
    user_id: null,
    user_name: 'system',
    address: null,
    kind: 'booking',
    entity_id: 41,
    action: 'expire',
    before: { cancel_status: false },
    after: { cancel_status: true },
  }),
];

/** The query of every GET /api/audit the page made. */
const auditQueries = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/audit')
    .map((url) => url.searchParams);

describe('Audit page (PRODUCT §6, decision 035)', () => {
  afterEach(() => vi.useRealTimers());

  it('when an admin opens it, then each change shows Karachi time, user, address, kind, id and action', async () => {
    storeSession();
    stubFetch({ 'GET /api/audit': reply(auditListRoute, 200, buildAuditPage(rows)) });
    renderApp('/dashboard/audit');

    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeInTheDocument();
    await screen.findByText('Super Admin');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'User', 'Address', 'Kind', 'Id', 'Action', 'Changes']);
    const cells = (text: string) =>
      within(screen.getByText(text).closest('tr')!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent);
    // 05:30 UTC is 10:30 AM in Karachi; 19:15 UTC on the 26th is already the 27th there.
    expect(cells('Super Admin')).toEqual(['27 Nov 2026, 10:30 AM', 'Super Admin', '203.0.113.7', 'Group', '#7', 'update']);
    expect(cells('system')).toEqual(['27 Nov 2026, 12:15 AM', 'system', '—', 'Booking', '#41', 'expire']);
    expect(screen.getByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/dashboard/audit');
  });

  it('when Changes is opened, then the changed fields show before and after, and all fields on request', async () => {
    storeSession();
    stubFetch({ 'GET /api/audit': reply(auditListRoute, 200, buildAuditPage(rows)) });
    const user = userEvent.setup();
    renderApp('/dashboard/audit');

    await user.click(await screen.findByRole('button', { name: 'Changes of Group #7: update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group #7: update' });
    const table = within(dialog).getByRole('table', { name: 'Before and after' });
    const lines = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(lines()).toEqual([
      ['price', '100000', '120000'],
      ['legs[1].flight_number', 'PK 701', 'PK 703'],
    ]);
    await user.click(within(dialog).getByRole('switch', { name: 'Show all fields' }));
    // Changed fields are marked; updated_at is the database's own stamp, not a change anyone made.
    expect(lines().map(([field]) => field)).toEqual(['id', 'pnr', 'pricechanged', 'updated_at', 'legs[1].flight_numberchanged']);
  });

  it('when filters are chosen, then they go to the address and the API, and a new filter starts at page 1', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/audit': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('page') === '2'
          ? reply(auditListRoute, 200, buildAuditPage([rows[1]!], { page: 2, total: 2 }))
          : reply(auditListRoute, 200, buildAuditPage([rows[0]!], { total: 2, hasNext: true })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/audit?page=2&from=2026-11-01&to=2026-11-30');
    await screen.findAllByText('Super Admin');
    expect(auditQueries(fetchMock)[0]!.get('from')).toBe('2026-11-01');
    expect(auditQueries(fetchMock)[0]!.get('to')).toBe('2026-11-30');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Booking' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('booking'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'User' }), 'system');
    await user.type(screen.getByRole('textbox', { name: 'Id' }), '#41');
    await waitFor(() => expect(router.state.location.search).toContain('entity_id=41'));
    await waitFor(() => {
      const last = auditQueries(fetchMock).at(-1)!;
      expect([last.get('kind'), last.get('user'), last.get('entity_id'), last.get('from'), last.get('to')]).toEqual([
        'booking',
        'system',
        '41',
        '2026-11-01',
        '2026-11-30',
      ]);
    });
  });

  it('when user and id stop being typed in the same instant, then both stay in the address (neither puts back the other)', async () => {
    storeSession();
    stubFetch({ 'GET /api/audit': reply(auditListRoute, 200, buildAuditPage(rows)) });
    const { router } = renderApp('/dashboard/audit?kind=booking');
    await screen.findAllByText('Super Admin');
    // Both typing pauses end inside one timer run, before React renders again: what a slow phone or a busy machine does.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('textbox', { name: 'User' }), { target: { value: 'system' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Id' }), { target: { value: '41' } });
    act(() => vi.advanceTimersByTime(1_000));
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get('kind'), search.get('user'), search.get('entity_id')]).toEqual(['booking', 'system', '41']);
  });

  it('when the id is not a number, then the field says so and it is not sent', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/audit': reply(auditListRoute, 200, buildAuditPage([])) });
    const user = userEvent.setup();
    renderApp('/dashboard/audit');
    expect(await screen.findByText(NO_AUDIT_TEXT)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Id' }), 'abc');
    expect(await screen.findByText(AUDIT_ENTITY_ID_MESSAGE)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(auditQueries(fetchMock).every((query) => query.get('entity_id') === null)).toBe(true);
  });

  it('when an agent opens the address, then it is not allowed and the audit is never asked', async () => {
    storeSession(buildSession({ role: 'user' }));
    const fetchMock = stubFetch({});
    renderApp('/dashboard/audit');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Audit' })).not.toBeInTheDocument());
    expect(auditQueries(fetchMock)).toEqual([]);
  });
});
