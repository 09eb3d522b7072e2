import { addAirlineRoute, AIRLINE_ADDED_MESSAGE, listAirlinesRoute } from '@portal/contract/airlines';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildAirline, buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

async function openAddDialog() {
  const user = userEvent.setup();
  renderApp('/dashboard/airlines');
  await user.click(await screen.findByRole('button', { name: 'Add New Airline' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Airline' });
  await user.type(within(dialog).getByLabelText(/Full Name/), 'Serene Air');
  await user.type(within(dialog).getByLabelText(/Short Name/), 'ER');
  return { user, dialog };
}

describe('Add New Airline dialog (001 §2, §5, §8)', () => {
  it('when no logo is chosen, then the logo is required and nothing is sent', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/listofairlines': reply(listAirlinesRoute, 200, buildPage([])) });
    const { user, dialog } = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The logo field is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('when a required field is left empty, then its message shows as the user leaves it, before any Save; typing clears it', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/listofairlines': reply(listAirlinesRoute, 200, buildPage([])) });
    const { user, dialog } = await openAddDialog();
    const fullName = within(dialog).getByLabelText(/Full Name/);
    await user.clear(fullName);
    await user.tab();
    expect(await within(dialog).findByText('The full name field is required.')).toBeInTheDocument();
    await user.type(fullName, 'S');
    await waitFor(() => expect(within(dialog).queryByText('The full name field is required.')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('when a logo over 2 MB is chosen, then the seed alert shows and the file is not kept', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofairlines': reply(listAirlinesRoute, 200, buildPage([])) });
    const { user, dialog } = await openAddDialog();
    const big = new File([new Uint8Array(2_097_153)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Logo file'), big);
    expect(await within(dialog).findByText('File size should be less than 2MB')).toBeInTheDocument();
    expect(within(dialog).queryByAltText('Logo preview')).not.toBeInTheDocument();
  });

  it('when the form is complete, then it posts multipart with the logo, toasts and refreshes the list', async () => {
    storeSession();
    let listCalls = 0;
    const fetchMock = stubFetch({
      'GET /api/listofairlines': () => {
        listCalls += 1;
        const rows = listCalls > 1 ? [buildAirline({ id: 9, full_name: 'Serene Air', short_name: 'ER' })] : [];
        return reply(listAirlinesRoute, 200, buildPage(rows));
      },
      'POST /api/add-airline': reply(addAirlineRoute, 201, {
        message: AIRLINE_ADDED_MESSAGE,
        data: buildAirline({ id: 9, full_name: 'Serene Air', short_name: 'ER' }),
      }),
    });
    const { user, dialog } = await openAddDialog();
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Logo file'), logo);
    expect(await within(dialog).findByAltText('Logo preview')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(AIRLINE_ADDED_MESSAGE)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = post?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('full_name')).toBe('Serene Air');
    expect(form.get('short_name')).toBe('ER');
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(form.get('status')).toBe('1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Serene Air')).toBeInTheDocument();
  });
});
