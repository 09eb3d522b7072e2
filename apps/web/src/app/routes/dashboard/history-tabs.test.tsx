import { auditListRoute } from '@portal/contract/audit';
import { bookingDetailRoute } from '@portal/contract/booking-lifecycle';
import { editGroupRoute, generalRoute } from '@portal/contract/groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildBookingDetail } from '@/features/bookings/testing/bookings-fixtures';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildGroup, general } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAuditEntry, buildAuditPage } from '@/features/audit/testing/audit-fixtures';

const auditQueries = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/audit')
    .map((url) => Object.fromEntries(url.searchParams));

describe("History tab (decision 035): a group's and a booking's own audit rows", () => {
  it('when the History tab of a group is opened, then its rows are asked by kind and id, and the tab is kept in the address', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/general': reply(generalRoute, 200, general),
      'GET /api/editgroup/7': reply(editGroupRoute, 200, { data: buildGroup() }),
      'GET /api/audit': reply(auditListRoute, 200, buildAuditPage([buildAuditEntry()])),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/update-group/7');
    expect(await screen.findByLabelText(/^PNR/)).toHaveValue('ABC123');
    expect(auditQueries(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const row = (await screen.findByText('Super Admin')).closest('tr')!;
    expect(within(row).getByText('#7')).toBeInTheDocument();
    expect(auditQueries(fetchMock)).toEqual([{ page: '1', kind: 'group', entity_id: '7' }]);
    expect(router.state.location.search).toBe('?tab=history');
    expect(screen.getByRole('tab', { name: 'Group', selected: false })).toBeInTheDocument();
    // The group form is the heaviest screen of the app: it takes long on a loaded machine.
  }, 120_000);

  it('when an admin opens a booking with ?tab=history, then its history shows with its rows', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'POST /api/booking-detail': reply(bookingDetailRoute, 200, buildBookingDetail()),
      'GET /api/audit': reply(
        auditListRoute,
        200,
        buildAuditPage([buildAuditEntry({ id: 9, kind: 'booking', entity_id: 5, action: 'confirm', user_name: 'Desk Admin' })]),
      ),
    });
    renderApp('/dashboard/book/5?tab=history');
    expect(await screen.findByRole('tab', { name: 'History', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Desk Admin')).toBeInTheDocument();
    expect(screen.getByText('confirm')).toBeInTheDocument();
    await waitFor(() => expect(auditQueries(fetchMock)).toEqual([{ page: '1', kind: 'booking', entity_id: '5' }]));
  });
});
