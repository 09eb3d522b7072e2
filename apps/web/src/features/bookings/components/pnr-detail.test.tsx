import { pnrDetailsRoute } from '@portal/contract/tickets';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildPnrDetails } from '../testing/bookings-fixtures';

const stat = (label: string) => within(screen.getByRole('listitem', { name: label }));

describe('PNR detail (000 §2)', () => {
  it('when an admin opens a PNR, then its totals, bookings, cancelled bookings, Book Ticket and both links show', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'POST /api/pnr-details': reply(pnrDetailsRoute, 200, buildPnrDetails()) });
    renderApp('/dashboard/pnr/ABC123');

    expect(await screen.findByRole('heading', { name: 'PNR: ABC123' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ pnr: 'ABC123' });
    expect(stat('Total').getByText('35')).toBeInTheDocument();
    expect(stat('Sold').getByText('3')).toBeInTheDocument();
    expect(stat('Remaining').getByText('32')).toBeInTheDocument();
    expect(stat('Date').getByText('10 Mar 2031')).toBeInTheDocument();
    expect(stat('Price').getByText('PKR 145,000')).toBeInTheDocument();

    const [bookings, cancelled] = screen.getAllByRole('table');
    if (!bookings || !cancelled) throw new Error('two tables expected');
    expect(screen.getByText('Bookings (2)')).toBeInTheDocument();
    expect(within(bookings).getByText('Mr ALI KHAN')).toBeInTheDocument();
    expect(within(bookings).getByText('Ms HINA RAZA')).toBeInTheDocument();
    expect(within(bookings).getByText('Walk-in')).toBeInTheDocument();
    expect(within(bookings).getByText('Paid')).toBeInTheDocument();
    expect(within(bookings).getByText('Hold')).toBeInTheDocument();
    expect(screen.getByText('Cancelled (1)')).toBeInTheDocument();
    expect(within(cancelled).getByText('Mr OMAR FAROOQ')).toBeInTheDocument();
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Book Ticket' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Ticket numbers' })).toHaveAttribute('href', '/dashboard/pnr/ABC123/tickets');
    const view = screen.getByRole('link', { name: 'View' });
    expect(view).toHaveAttribute('href', '/api/pnr-pdf/ABC123?expires=1&signature=p');
    expect(view).toHaveAttribute('target', '_blank');
    const xlsx = screen.getByRole('link', { name: 'Download xlsx' });
    expect(xlsx).toHaveAttribute('href', '/api/pnr-excel/ABC123?expires=1&signature=e');
    expect(xlsx).toHaveAttribute('target', '_blank');
  });

  it('when the group is no longer offered, then there is no Book Ticket; empty tables say so', async () => {
    storeSession();
    stubFetch({
      'POST /api/pnr-details': reply(pnrDetailsRoute, 200, buildPnrDetails({ offered: false, results: [], canceled: [] })),
    });
    renderApp('/dashboard/pnr/ABC123');
    expect(await screen.findByRole('heading', { name: 'PNR: ABC123' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Ticket' })).not.toBeInTheDocument();
    expect(screen.getAllByText('No bookings found')).toHaveLength(2);
  });

  it('when an agent opens a PNR, then it is not allowed and nothing is asked', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({});
    renderApp('/dashboard/pnr/ABC123');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
