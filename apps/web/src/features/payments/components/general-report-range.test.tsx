import { notifications } from '@mantine/notifications';
import { allPendingPaymentsRoute, FULLY_PENDING_PAYMENTS_TITLE, PARTIAL_PENDING_PAYMENTS_TITLE } from '@portal/contract/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from '@/lib/format';
import { stubDownloads } from '@/testing/download-stub';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildGeneralReport } from '../testing/payments-fixtures';

// Issue 21 §8 (decision 022): the General Report's amount due per booking, its range of booking dates in the
// address, and its xlsx download for that range.

/** The cells of a row of the table under `caption`, by the row's PNR. */
function cellsOf(caption: string, pnr: string): Record<string, string> {
  const paper = screen.getByText(caption).parentElement;
  if (!paper) throw new Error(`table ${caption} expected`);
  const table = within(paper).getByRole('table');
  const headings = within(table).getAllByRole('columnheader').map((cell) => cell.textContent ?? '');
  const row = within(table).getByText(pnr).closest('tr');
  if (!row) throw new Error(`row of ${pnr} expected`);
  const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent ?? '');
  return Object.fromEntries(headings.map((heading, index) => [heading, cells[index] ?? '']));
}

function stubReport() {
  const queries: URLSearchParams[] = [];
  const fetchMock = stubFetch({
    'GET /api/listofallpendingpayments': ({ url }) => {
      queries.push(new URL(url, 'http://localhost').searchParams);
      return reply(allPendingPaymentsRoute, 200, buildGeneralReport());
    },
  });
  return { queries, fetchMock };
}

describe('General Report: amount due, booking dates, xlsx (issue 21 §8)', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.restoreAllMocks());

  it('when the report loads, then each booking shows the exact amount it still owes in a Due column', async () => {
    storeSession();
    stubReport();
    renderApp('/dashboard/payments');

    expect(await screen.findByText('PND111')).toBeInTheDocument();
    expect(cellsOf(FULLY_PENDING_PAYMENTS_TITLE, 'PND111')).toMatchObject({ 'Pay. Status': 'Unpaid', Due: 'PKR 290,000' });
    expect(cellsOf(PARTIAL_PENDING_PAYMENTS_TITLE, 'PRT222')).toMatchObject({ 'Pay. Status': 'Partial', Due: 'PKR 190,000' });
    expect(screen.getByText('All bookings')).toBeInTheDocument();
  });

  it('when the page opens on an address with a range, then the report is asked for that range, which the page names', async () => {
    storeSession();
    const { queries } = stubReport();
    renderApp('/dashboard/payments?from=2031-03-01&to=2031-03-06');

    expect(await screen.findByText('PND111')).toBeInTheDocument();
    expect(screen.getByText('Booked 01 Mar 2031 to 06 Mar 2031')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('01 Mar 2031');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('06 Mar 2031');
    expect(queries.map((query) => [query.get('from'), query.get('to')])).toEqual([['2031-03-01', '2031-03-06']]);
  });

  it('when a From date is picked, then the address and the report take it', async () => {
    storeSession();
    const { queries } = stubReport();
    const { router } = renderApp('/dashboard/payments?to=2099-12-31');
    const user = userEvent.setup();
    expect(await screen.findByText('PND111')).toBeInTheDocument();

    // An empty picker opens on the browser's current month.
    const day = dayjs().startOf('month');
    await user.click(screen.getByRole('button', { name: 'From' }));
    await user.click(await screen.findByRole('button', { name: day.format('D MMMM YYYY') }));
    await waitFor(() => expect(router.state.location.search).toBe(`?to=2099-12-31&from=${day.format('YYYY-MM-DD')}`));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe(day.format('YYYY-MM-DD')));
    expect(screen.getByText(`Booked ${day.format('DD MMM YYYY')} to 31 Dec 2099`)).toBeInTheDocument();
  });

  it('when Download xlsx is pressed, then the same range is asked for with the token and saved under the name the server gives', async () => {
    storeSession();
    stubReport();
    renderApp('/dashboard/payments?from=2031-03-01');
    const user = userEvent.setup();
    expect(await screen.findByText('PND111')).toBeInTheDocument();

    const { downloads, names, saved } = stubDownloads({ path: '/api/general-report-xlsx', fileName: 'general-report-from-2031-03-01.xlsx' });

    await user.click(screen.getByRole('button', { name: 'Download xlsx' }));
    await waitFor(() => expect(names).toEqual(['general-report-from-2031-03-01.xlsx']));
    expect(downloads.map(({ url }) => url)).toEqual(['/api/general-report-xlsx?from=2031-03-01']);
    expect(downloads[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(await saved[0]?.text()).toBe('xlsx bytes');
  });

  it('when Print is pressed, then the browser prints the page', async () => {
    storeSession();
    stubReport();
    renderApp('/dashboard/payments');
    const user = userEvent.setup();
    expect(await screen.findByText('PND111')).toBeInTheDocument();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
