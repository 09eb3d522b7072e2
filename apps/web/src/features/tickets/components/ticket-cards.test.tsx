import {
  availableSectorRoute,
  pnrRespectToMySectorRoute,
  pnrRespectToMySectorUserRoute,
  type MySectorCard,
} from '@portal/contract/tickets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildReturnTicket, buildTicket } from '../testing/ticket-fixtures';

const umrah: MySectorCard = { id: 3, name: 'Umrah', title: 'Umrah', image: null, totalpnr: 2 };

const card = (pnr: string) => screen.getByRole('article', { name: `PNR ${pnr}` });

describe('Ticket cards (000 §2 "Ticket cards")', () => {
  it('when the home page loads for a visitor, then Available Sectors shows the cards by sector without prices', async () => {
    stubFetch({
      'GET /api/available-sector': reply(availableSectorRoute, 200, {
        mysectors: [umrah],
        tickets: [
          {
            sector: 'LHE - DXB',
            tickets: [
              buildTicket({
                price: null,
                infant_price: null,
                remaining: 2,
                sold: 33,
                alert: true,
                air_line_logo: 'http://localhost:8080/uploads/logos/pia.png',
              }),
            ],
          },
          {
            sector: 'LHE - JED',
            tickets: [buildReturnTicket({ price: null, infant_price: null, sector: 'LHE - JED', remaining: 4, sold: 31 })],
          },
        ],
      }),
    });
    renderApp('/');
    const user = userEvent.setup();

    const dubai = await screen.findByRole('region', { name: 'LHE - DXB' });
    expect(within(dubai).getByRole('heading', { name: 'LHE - DXB' })).toBeInTheDocument();
    const oneWay = card('ABC123');
    expect(within(oneWay).getByText('Login For Price')).toBeInTheDocument();
    expect(within(oneWay).getByText('Only 2 seats left')).toBeInTheDocument();
    expect(within(oneWay).getByText('Sold: 33')).toBeInTheDocument();
    expect(within(oneWay).getByText('Remaining: 2')).toBeInTheDocument();
    expect(within(oneWay).getByText('Mon, 10 Mar 2031')).toBeInTheDocument();
    expect(within(oneWay).getByText('30kg + 7kg')).toBeInTheDocument();
    expect(within(oneWay).getByText('Meal')).toBeInTheDocument();
    expect(within(oneWay).getByRole('img', { name: 'Pakistan International Airlines logo' })).toBeInTheDocument();

    const jeddah = screen.getByRole('region', { name: 'LHE - JED' });
    const returnCard = within(jeddah).getByRole('article', { name: 'PNR RET456' });
    expect(within(returnCard).getByText('20kg + 7kg')).toBeInTheDocument();
    expect(within(returnCard).getByText('Tue, 25 Mar 2031')).toBeInTheDocument();
    expect(within(returnCard).queryByText(/seats? left/)).not.toBeInTheDocument();

    await user.click(within(oneWay).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: 'Login to your portal' })).toBeInTheDocument();
  });

  it('when a sector has more than 3 tickets on the home page, then 3 show until Show all N PNRs is pressed', async () => {
    const tickets = Array.from({ length: 5 }, (_, index) =>
      buildTicket({ id: 100 + index, pnr: `PNR00${index}`, price: null, infant_price: null }),
    );
    stubFetch({
      'GET /api/available-sector': reply(availableSectorRoute, 200, {
        mysectors: [],
        tickets: [
          { sector: 'LHE - DXB', tickets },
          { sector: 'LHE - JED', tickets: [buildReturnTicket({ price: null, infant_price: null, sector: 'LHE - JED' })] },
        ],
      }),
    });
    renderApp('/');
    const user = userEvent.setup();

    const dubai = await screen.findByRole('region', { name: 'LHE - DXB' });
    expect(within(dubai).getByText('5 PNRs')).toBeInTheDocument();
    expect(within(dubai).getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'PNR PNR000',
      'PNR PNR001',
      'PNR PNR002',
    ]);
    // A sector within the limit has no button.
    expect(within(screen.getByRole('region', { name: 'LHE - JED' })).queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();

    await user.click(within(dubai).getByRole('button', { name: 'Show all 5 PNRs' }));
    expect(within(dubai).getAllByRole('article')).toHaveLength(5);
    expect(within(dubai).queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
  });

  it('when an admin opens a my-sector Booking List, then pnr-respect-to-mysector is asked and the title heads the page', async () => {
    storeSession(buildSession({ role: 'admin' }));
    const fetchMock = stubFetch({
      'POST /api/pnr-respect-to-mysector': reply(pnrRespectToMySectorRoute, 200, {
        mysector: umrah,
        tickets: [
          {
            sector: 'LHE - DXB',
            tickets: [
              buildTicket({ price: 0 }),
              buildTicket({ id: 9, pnr: 'XYZ789', remaining: 3 }),
              buildTicket({ id: 10, pnr: 'QRS111' }),
              buildTicket({ id: 11, pnr: 'QRS222' }),
            ],
          },
        ],
      }),
    });
    renderApp('/dashboard/booking/3/Umrah');

    expect(await screen.findByRole('article', { name: 'PNR ABC123' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Umrah' })).toBeInTheDocument();
    expect(within(card('ABC123')).getByText('Fare on call')).toBeInTheDocument();
    expect(within(card('XYZ789')).getByText('PKR 145,000')).toBeInTheDocument();
    expect(within(card('XYZ789')).getByText('Only 3 seats left')).toBeInTheDocument();
    expect(within(card('ABC123')).queryByText(/seats? left/)).not.toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ my_sector_id: 3 });
    // Only the public home page collapses a sector: the Booking List shows every ticket.
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
  });

  it("when an agent's my-sector has no tickets, then pnr-respect-to-mysector-user answers and 'No Ticket Found' shows", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/pnr-respect-to-mysector-user': reply(pnrRespectToMySectorUserRoute, 200, { mysector: umrah, tickets: [] }),
    });
    renderApp('/dashboard/booking/3/Umrah');
    expect(await screen.findByText('No Ticket Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Umrah' })).toBeInTheDocument();
  });
  it("when an agent's my-sector ticket has a name deadline, then its card says 'Names by' it in Pakistan time, and a ticket without one says nothing (PRODUCT §6)", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/pnr-respect-to-mysector-user': reply(pnrRespectToMySectorUserRoute, 200, {
        mysector: umrah,
        tickets: [
          {
            sector: 'LHE - DXB',
            tickets: [
              // 05:00 UTC is 10:00 in Asia/Karachi.
              buildTicket({ name_deadline: '2031-02-20T05:00:00.000Z' }),
              buildTicket({ id: 9, pnr: 'XYZ789', name_deadline: null }),
            ],
          },
        ],
      }),
    });
    renderApp('/dashboard/booking/3/Umrah');

    expect(await within(await screen.findByRole('article', { name: 'PNR ABC123' })).findByText('Names by 20 Feb 2031, 10:00 AM')).toBeInTheDocument();
    expect(within(card('XYZ789')).queryByText(/Names by/)).not.toBeInTheDocument();
  });
});
