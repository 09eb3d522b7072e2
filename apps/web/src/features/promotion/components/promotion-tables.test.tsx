import { allBannersListRoute, BANNER_DELETED_MESSAGE, deleteBannerRoute } from '@portal/contract/banners';
import { BUTTON_DELETED_MESSAGE, deleteButtonRoute, listDashButtonsRoute } from '@portal/contract/dashboard-buttons';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBanner, buildDashButton } from '../testing/promotion-fixtures';

const headings = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe("Promotion 'All Banners' table (001 §2)", () => {
  it('when banners load, then Image, Title, Status and Action show for active and inactive banners alike', async () => {
    storeSession();
    stubFetch({
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, {
        data: buildPage([buildBanner(), buildBanner({ id: 2, name: 'Old Hajj', status: 0, image: null })]),
      }),
    });
    renderApp('/dashboard/promotion');
    expect(await screen.findByRole('heading', { name: 'All Banners' })).toBeInTheDocument();
    const row = (await screen.findByText('Umrah Offer')).closest('tr')!;
    expect(headings()).toEqual(['Image', 'Title', 'Status', 'Action']);
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Umrah Offer image' })).toHaveAttribute('src', buildBanner().image);
    expect(within(screen.getByText('Old Hajj').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
  });

  it('when there are no banners, then "No Data Found"', async () => {
    storeSession();
    stubFetch({ 'GET /api/allbanners-list': reply(allBannersListRoute, 200, { data: buildPage([]) }) });
    renderApp('/dashboard/promotion');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('when Delete is confirmed, then delete-banner is called only after the warning and its message toasts', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, { data: buildPage([buildBanner()]) }),
      'GET /api/delete-banner/1': reply(deleteBannerRoute, 200, { message: BANNER_DELETED_MESSAGE }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/promotion');
    await user.click(await screen.findByRole('button', { name: 'Delete Umrah Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Umrah Offer?' });
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('delete-banner'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BANNER_DELETED_MESSAGE)).toBeInTheDocument();
  });
});

describe("Custom Btn 'All Buttons' table (001 §2)", () => {
  it('when buttons load, then Image, Title, Target (linking to p/{id}/{target}), Status and Action show, asking page 1', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/list-of-dashbtn': reply(listDashButtonsRoute, 200, buildPage([buildDashButton(), buildDashButton({ id: 8, title: 'Dubai', target: 'dubai', status: 0 })])),
    });
    renderApp('/dashboard/dash-btn');
    expect(await screen.findByRole('heading', { name: 'All Buttons' })).toBeInTheDocument();
    const row = (await screen.findByText('Umrah')).closest('tr')!;
    expect(headings()).toEqual(['Image', 'Title', 'Target', 'Status', 'Action']);
    expect(within(row).getByRole('link', { name: 'umrah' })).toHaveAttribute('href', '/dashboard/p/7/umrah');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('Dubai').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/list-of-dashbtn?page=1');
  });

  it('when Delete is confirmed, then deletedashbtn is called and its message toasts', async () => {
    storeSession();
    stubFetch({
      'GET /api/list-of-dashbtn': reply(listDashButtonsRoute, 200, buildPage([buildDashButton()])),
      'GET /api/deletedashbtn/7': reply(deleteButtonRoute, 200, { message: BUTTON_DELETED_MESSAGE }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/dash-btn');
    await user.click(await screen.findByRole('button', { name: 'Delete Umrah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Umrah?' });
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BUTTON_DELETED_MESSAGE)).toBeInTheDocument();
  });
});
