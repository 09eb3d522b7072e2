import { notifications } from '@mantine/notifications';
import { shareTextRoute } from '@portal/contract/share';
import { availableSectorRoute, pnrRespectToMySectorUserRoute } from '@portal/contract/tickets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTicket } from '@/features/tickets/testing/ticket-fixtures';
import { WAIT } from '@/testing/async-timeout';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const TEXT = '*Pakistan International Airlines*\nLHE - DXB | 10 Mar 2031\nAdult fare: PKR 147,500\n\nFor booking:\nBilal Travels';
const WHATSAPP_URL = `https://wa.me/?text=${encodeURIComponent(TEXT)}`;
const mySector = { id: 3, name: 'Umrah', title: 'Umrah', image: null, totalpnr: 2 };

function stubSectorPage() {
  return stubFetch({
    'POST /api/pnr-respect-to-mysector-user': reply(pnrRespectToMySectorUserRoute, 200, {
      mysector: mySector,
      tickets: [
        {
          sector: 'LHE - DXB',
          tickets: [buildTicket(), buildTicket({ id: 8, pnr: 'XYZ789', date: '2031-03-12' })],
        },
      ],
    }),
    'GET /api/share-text': reply(shareTextRoute, 200, { data: { text: TEXT, whatsapp_url: WHATSAPP_URL } }),
  });
}

describe('Share (PRODUCT §6 "Sharing fares", decision 026)', () => {
  beforeEach(() => notifications.clean());

  it("when an agent opens a ticket card's Share and picks Copy, then share-text of that group is copied and 'Copied' shows", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 1042, user_id: 12 }));
    const fetchMock = stubSectorPage();
    renderApp('/dashboard/booking/3/Umrah');
    const user = userEvent.setup();
    // userEvent installs its own clipboard: replace it after setup.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const card = await screen.findByRole('article', { name: 'PNR ABC123' });
    // The menu's code loads after the page (share-menu.tsx): until then the button shows, disabled.
    const share = () => within(card).getByRole('button', { name: 'Share PNR ABC123' });
    await vi.waitFor(() => expect(share()).toBeEnabled(), WAIT);
    await user.click(share());
    const copy = await screen.findByRole('menuitem', { name: 'Copy' });
    await vi.waitFor(() => expect(copy).not.toBeDisabled(), WAIT);
    const whatsapp = screen.getByRole('menuitem', { name: 'Open WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', WHATSAPP_URL);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    await user.click(copy);

    expect(writeText).toHaveBeenCalledWith(TEXT);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    const call = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/share-text'));
    expect(call).toBe('/api/share-text?group_id=7');
  });

  it("when a sector block's Share is opened, then each departure day of the sector is offered, and its Copy asks for that day", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 1042, user_id: 12 }));
    const fetchMock = stubSectorPage();
    renderApp('/dashboard/booking/3/Umrah');
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const sector = await screen.findByRole('region', { name: 'LHE - DXB' });
    const share = () => within(sector).getByRole('button', { name: 'Share LHE - DXB' });
    await vi.waitFor(() => expect(share()).toBeEnabled(), WAIT);
    await user.click(share());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('10 Mar 2031')).toBeInTheDocument();
    expect(within(menu).getByText('12 Mar 2031')).toBeInTheDocument();
    const copies = within(menu).getAllByRole('menuitem', { name: 'Copy' });
    expect(copies).toHaveLength(2);
    await vi.waitFor(() => expect(copies[1]).not.toBeDisabled(), WAIT);
    await user.click(copies[1]!);
    expect(writeText).toHaveBeenCalledWith(TEXT);
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/share-text'));
    expect(urls).toEqual(
      expect.arrayContaining(['/api/share-text?sector=LHE-DXB&date=2031-03-10', '/api/share-text?sector=LHE-DXB&date=2031-03-12']),
    );
  });

  it('when a visitor sees the home page, then no Share shows', async () => {
    stubFetch({
      'GET /api/available-sector': reply(availableSectorRoute, 200, {
        mysectors: [mySector],
        tickets: [{ sector: 'LHE - DXB', tickets: [buildTicket({ price: null, infant_price: null })] }],
      }),
    });
    renderApp('/');
    expect(await screen.findByRole('article', { name: 'PNR ABC123' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument();
  });
});
