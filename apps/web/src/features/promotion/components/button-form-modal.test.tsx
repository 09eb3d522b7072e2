import { addButtonRoute, BUTTON_ADDED_MESSAGE, BUTTON_UPDATED_MESSAGE, listDashButtonsRoute, updateButtonRoute } from '@portal/contract/dashboard-buttons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildDashButton, postedForm } from '../testing/promotion-fixtures';

const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'button.png', { type: 'image/png' });

function stubButtons(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({ 'GET /api/list-of-dashbtn': reply(listDashButtonsRoute, 200, buildPage([buildDashButton()])), ...extra });
}

describe("Button modal 'Add' (001 §2, §5, §8)", () => {
  it('when Save is pressed empty, then Title, Target and Image are required; filled in, it posts and toasts "added successfully!"', async () => {
    storeSession();
    const fetchMock = stubButtons({
      'POST /api/add-button': reply(addButtonRoute, 201, { message: BUTTON_ADDED_MESSAGE, data: buildDashButton({ id: 9 }) }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/dash-btn');
    await user.click(await screen.findByRole('button', { name: 'Add Buttons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The title field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The target field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The image field is required.')).toBeInTheDocument();
    expect(postedForm(fetchMock.mock.calls)).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/^Title/), 'Visit Visa');
    await user.type(within(dialog).getByLabelText(/^Target/), 'visit-visa');
    await user.upload(within(dialog).getByLabelText('Image file'), pngFile());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BUTTON_ADDED_MESSAGE)).toBeInTheDocument();
    const form = postedForm(fetchMock.mock.calls);
    expect(form?.get('title')).toBe('Visit Visa');
    expect(form?.get('target')).toBe('visit-visa');
    expect((form?.get('image') as File).name).toBe('button.png');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe("Button modal 'Edit': Remove Image (001 §4)", () => {
  it('when Remove Image is pressed, then a file is required; the kept image needs none', async () => {
    storeSession();
    const fetchMock = stubButtons({
      'POST /api/update-Button/7': reply(updateButtonRoute, 200, { message: BUTTON_UPDATED_MESSAGE, data: buildDashButton() }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/dash-btn');
    await user.click(await screen.findByRole('button', { name: 'Edit Umrah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    expect(within(dialog).getByAltText('Current image')).toHaveAttribute('src', buildDashButton().image);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Image' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The image field is required.')).toBeInTheDocument();
    expect(postedForm(fetchMock.mock.calls)).toBeUndefined();

    // Closing and reopening restores the stored image: saving without a file is allowed again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Umrah' }));
    const again = await screen.findByRole('dialog', { name: 'Edit' });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BUTTON_UPDATED_MESSAGE)).toBeInTheDocument();
    const form = postedForm(fetchMock.mock.calls);
    expect(form?.get('image')).toBeNull();
    expect(form?.get('title')).toBe('Umrah');
  });
});
