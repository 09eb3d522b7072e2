import { allBannersListRoute } from '@portal/contract/banners';
import { availableSectorRoute } from '@portal/contract/tickets';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const noSectors = () => reply(availableSectorRoute, 200, { mysectors: [], tickets: [] });

const bannersList = (banners: Array<{ id: number; name: string; image: string | null; status: 0 | 1 }>) =>
  reply(allBannersListRoute, 200, {
    data: {
      data: banners.map((banner) => ({ dash_btn_id: null, updated_at: '2031-03-01T07:00:00.000Z', ...banner })),
      current_page: 1,
      per_page: 20,
      total: banners.length,
      last_page: 1,
      prev_page_url: null,
      next_page_url: null,
    },
  });

describe('home page (000 §1-§2, 001 §2)', () => {
  it('when a visitor opens it, then it has its title and description, the search form, and the active banners with an image', async () => {
    stubFetch({
      'GET /api/available-sector': noSectors(),
      'GET /api/public-banners': bannersList([
        { id: 3, name: 'Umrah Groups', image: '/api/files/b3.png', status: 1 },
        { id: 1, name: 'No Picture', image: null, status: 1 },
      ]),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Search Group Tickets' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Available Sectors' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Airline Group Tickets | Group Fares'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/group tickets/);
    const promotions = within(await screen.findByRole('region', { name: 'Promotions' }));
    expect(promotions.getByRole('img', { name: 'Umrah Groups' })).toHaveAttribute('src', '/api/files/b3.png');
    expect(promotions.getAllByRole('img')).toHaveLength(1);
  });

  it('when there are no active banners, then no Promotions section shows', async () => {
    stubFetch({ 'GET /api/available-sector': noSectors(), 'GET /api/public-banners': bannersList([]) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Search Group Tickets' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument();
  });
});

describe('/download-sitemap (001 §2)', () => {
  it('when the button is clicked, then sitemap.xml with 15 <loc> entries is downloaded', async () => {
    let saved: Blob | undefined;
    if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:sitemap';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderApp('/download-sitemap');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download sitemap.xml' }));

    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toHaveProperty('download', 'sitemap.xml');
    if (!saved) throw new Error('the sitemap was turned into a blob');
    const xml = await saved.text();
    expect(xml.match(/<loc>/g)).toHaveLength(15);
    expect(xml).toContain(`<loc>${window.location.origin}/dashboard/notifications</loc>`);
    expect(document.title).toBe('Sitemap | Group Fares');
  });
});
