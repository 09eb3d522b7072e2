import { AIRLINE_DELETED_MESSAGE, deleteAirlineRoute, listAirlinesRoute } from '@portal/contract/airlines';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildAirline, buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

describe('Airlines table actions (001 §2, §8)', () => {
  it('when Delete is confirmed, then the airline is deleted and the message toasts; a refusal toasts the server message', async () => {
    storeSession();
    let refuse = false;
    const fetchMock = stubFetch({
      'GET /api/listofairlines': reply(listAirlinesRoute, 200, buildPage([buildAirline()])),
      'GET /api/deleteairline/1': () =>
        refuse
          ? reply(deleteAirlineRoute, 409, { message: 'This airline is used by groups and cannot be deleted.' })
          : reply(deleteAirlineRoute, 200, { message: AIRLINE_DELETED_MESSAGE }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/airlines');

    await user.click(await screen.findByRole('button', { name: 'Delete Pakistan International Airlines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Pakistan International Airlines?' });
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('deleteairline'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(AIRLINE_DELETED_MESSAGE)).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Delete Pakistan International Airlines' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Pakistan International Airlines?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This airline is used by groups and cannot be deleted.')).toBeInTheDocument();
  });
});
