import {
  addBannerRoute,
  allBannersListRoute,
  BANNER_ADDED_MESSAGE,
  BANNER_UPDATED_MESSAGE,
  updateBannerRoute,
} from '@portal/contract/banners';
import { listDashButtonsRoute } from '@portal/contract/dashboard-buttons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBanner, buildDashButton, postedForm } from '../testing/promotion-fixtures';

const BUTTONS = [buildDashButton(), buildDashButton({ id: 8, title: 'Dubai Visa', target: 'dubai' })];

function stubPromotion(extra: Parameters<typeof stubFetch>[0] = {}, banners = [buildBanner()]) {
  return stubFetch({
    'GET /api/allbanners-list': reply(allBannersListRoute, 200, { data: buildPage(banners) }),
    'GET /api/list-of-dashbtn': reply(listDashButtonsRoute, 200, buildPage(BUTTONS)),
    ...extra,
  });
}

const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });

describe('Add banner modal (001 §2, §4, §5, §8)', () => {
  it('when Save is pressed on an empty form, then Name, Select Button and Image are required and nothing is sent', async () => {
    storeSession();
    const fetchMock = stubPromotion();
    const user = userEvent.setup();
    renderApp('/dashboard/promotion');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Banner' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The dash btn id field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The image field is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('when the form is complete, then it posts multipart with the chosen button, toasts "added successfully!" and closes', async () => {
    storeSession();
    const fetchMock = stubPromotion({
      'POST /api/add-banner': reply(addBannerRoute, 201, { message: BANNER_ADDED_MESSAGE, data: buildBanner({ id: 5, dash_btn_id: 8 }) }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/promotion');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Banner' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Visa Deals');
    await user.click(within(dialog).getByRole('combobox', { name: /Select Button/ }));
    await user.click(await screen.findByRole('option', { name: 'Dubai Visa' }));
    await user.upload(within(dialog).getByLabelText('Image file'), pngFile());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(BANNER_ADDED_MESSAGE)).toBeInTheDocument();
    const form = postedForm(fetchMock.mock.calls);
    expect(form?.get('dash_btn_id')).toBe('8');
    expect(form?.get('name')).toBe('Visa Deals');
    expect(form?.get('status')).toBe('1');
    expect((form?.get('image') as File).name).toBe('banner.png');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Edit banner modal: the stored image and Remove Image (001 §4)', () => {
  async function openEdit(extra: Parameters<typeof stubFetch>[0] = {}) {
    storeSession();
    const fetchMock = stubPromotion(extra);
    const user = userEvent.setup();
    renderApp('/dashboard/promotion');
    await user.click(await screen.findByRole('button', { name: 'Edit Umrah Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Banner' });
    return { fetchMock, user, dialog };
  }

  it('when the stored image is kept, then it is previewed and the update goes without a file, toasting "updated successfully!"', async () => {
    const { fetchMock, user, dialog } = await openEdit({
      'POST /api/update-banner/1': reply(updateBannerRoute, 200, { message: BANNER_UPDATED_MESSAGE, data: buildBanner({ status: 0 }) }),
    });
    expect(within(dialog).getByAltText('Current image')).toHaveAttribute('src', buildBanner().image);
    expect(within(dialog).queryByLabelText('Image file')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(BANNER_UPDATED_MESSAGE)).toBeInTheDocument();
    const form = postedForm(fetchMock.mock.calls);
    expect(form?.get('image')).toBeNull();
    expect(form?.get('status')).toBe('0');
    expect(form?.get('dash_btn_id')).toBe('7');
  });

  it('when Remove Image is pressed, then choosing a file is required before anything is sent', async () => {
    const { fetchMock, user, dialog } = await openEdit({
      'POST /api/update-banner/1': reply(updateBannerRoute, 200, { message: BANNER_UPDATED_MESSAGE, data: buildBanner() }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Image' }));
    expect(within(dialog).queryByAltText('Current image')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The image field is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText('Image file'), pngFile());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BANNER_UPDATED_MESSAGE)).toBeInTheDocument();
    expect((postedForm(fetchMock.mock.calls)?.get('image') as File).name).toBe('banner.png');
  });
});
