import { editGroupRoute, generalRoute, updateGroupRoute } from '@portal/contract/groups';
import { addMySectorRoute } from '@portal/contract/my-sectors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCARD_TITLE } from '@/lib/discard-guard';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildGroup, general } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

const trips = () => screen.getAllByRole('group', { name: /^Trip / });
const tripNames = () => trips().map((trip) => trip.querySelector('legend')?.textContent);

describe('Add / Edit Group form (001 §2, §5)', () => {
  it('when the layout changes, then 1, 2, 2 and 4 trip blocks show (A-1; A-1 A-2; A-1 B-1; A-1 A-2 B-1 B-2)', async () => {
    storeSession();
    stubFetch({ 'GET /api/general': reply(generalRoute, 200, general) });
    renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();

    await screen.findByLabelText(/^PNR/);
    expect(tripNames()).toEqual(['Trip A-1']);
    await user.click(screen.getByRole('radio', { name: 'Via' }));
    expect(tripNames()).toEqual(['Trip A-1', 'Trip A-2']);
    await user.click(screen.getByRole('radio', { name: 'Round Trip' }));
    expect(tripNames()).toEqual(['Trip A-1', 'Trip A-2', 'Trip B-1', 'Trip B-2']);
    await user.click(screen.getByRole('radio', { name: 'Direct' }));
    expect(tripNames()).toEqual(['Trip A-1', 'Trip B-1']);
  });

  it('when a PNR has been typed and Cancel is pressed, then it asks first; Keep editing stays, Discard leaves (issue 21 §2)', async () => {
    storeSession();
    stubFetch({ 'GET /api/general': reply(generalRoute, 200, general) });
    renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^PNR/), 'ABC123');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^PNR/)).toHaveValue('ABC123');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByLabelText(/^PNR/)).not.toBeInTheDocument());
  });

  it('when baggage is typed for a first trip, then its paired trip gets it unless that one was edited', async () => {
    storeSession();
    stubFetch({ 'GET /api/general': reply(generalRoute, 200, general) });
    renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();
    await screen.findByLabelText(/^PNR/);
    await user.click(screen.getByRole('radio', { name: 'Round Trip' }));
    await user.click(screen.getByRole('radio', { name: 'Via' }));
    const [a1, a2, b1, b2] = trips();
    if (!a1 || !a2 || !b1 || !b2) throw new Error('four trips expected');

    await user.type(within(b1).getByLabelText(/Baggage/), '20');
    await user.type(within(a1).getByLabelText(/Baggage/), '30');
    await user.type(within(a1).getByLabelText(/Hand Carry/), '7');

    expect(within(a2).getByLabelText(/Baggage/)).toHaveValue('30');
    expect(within(a2).getByLabelText(/Hand Carry/)).toHaveValue('7');
    // B-1 was typed into: it keeps its own baggage, and B-2 follows B-1.
    expect(within(b1).getByLabelText(/Baggage/)).toHaveValue('20');
    expect(within(b2).getByLabelText(/Baggage/)).toHaveValue('20');
    expect(within(b2).getByLabelText(/Hand Carry/)).toHaveValue('7');
  });

  it('when a group is edited, then ticket type and direction are locked and a 422 leg error lands on its field', async () => {
    storeSession();
    const group = buildGroup();
    const fetchMock = stubFetch({
      'GET /api/general': reply(generalRoute, 200, general),
      'GET /api/editgroup/7': reply(editGroupRoute, 200, { data: group }),
      'POST /api/update-group': reply(updateGroupRoute, 422, {
        message: 'The given data was invalid.',
        errors: { 'departure_flight_number.1': ['The departure flight number may not be greater than 20 characters.'] },
      }),
    });
    renderApp('/dashboard/update-group/7');
    const user = userEvent.setup();

    expect(await screen.findByLabelText(/^PNR/)).toHaveValue('ABC123');
    for (const name of ['One Way', 'Round Trip', 'Direct', 'Via']) {
      expect(screen.getByRole('radio', { name })).toBeDisabled();
    }
    expect(screen.getByRole('radio', { name: 'Round Trip' })).toBeChecked();
    expect(tripNames()).toEqual(['Trip A-1', 'Trip A-2', 'Trip B-1', 'Trip B-2']);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const a2 = trips()[1];
    if (!a2) throw new Error('trip A-2 expected');
    expect(await within(a2).findByText('The departure flight number may not be greater than 20 characters.')).toBeInTheDocument();
    expect(screen.getByText('The given data was invalid.')).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body));
    expect(body).toMatchObject({ group_id: 7, ticket_type: 2, direction: 2, pnr: 'ABC123' });
    expect(body.departure_flight_number).toEqual(['PK-740', 'PK-741', 'PK-742', 'PK-743']);
  });

  it('when a my sector is missing, then Add My Sector opens its dialog, and the one added is chosen in the form without saving the group (issue 21 §9)', async () => {
    storeSession();
    let added = false;
    const fetchMock = stubFetch({
      'GET /api/general': () =>
        reply(generalRoute, 200, {
          data: { ...general.data, my_sectors: [...general.data.my_sectors, ...(added ? [{ id: 9, name: 'Hajj' }] : [])] },
        }),
      'POST /api/add-mysector': () => {
        added = true;
        return reply(addMySectorRoute, 201, {
          message: 'My sector added successfully!',
          data: { id: 9, name: 'Hajj', image: 'http://localhost/uploads/hajj.png', status: 1, totalpnr: 0 },
        });
      },
    });
    renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();
    await screen.findByLabelText(/^PNR/);

    await user.click(screen.getByRole('button', { name: 'Add My Sector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add My Sector' });
    await user.type(within(dialog).getByLabelText(/^Short Name/), 'Hajj');
    await user.upload(within(dialog).getByLabelText('Image file'), new File([new Uint8Array([137, 80, 78, 71])], 'hajj.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add My Sector' })).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: /^My Sector/ })).toHaveValue('Hajj');
    expect(screen.getByText('My sector added successfully!')).toBeInTheDocument();
    // Only the my sector was sent: the group form around the dialog was not submitted.
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
    expect(posts).toEqual([expect.stringMatching(/\/api\/add-mysector$/)]);
    expect(screen.queryByText('The pnr field is required.')).not.toBeInTheDocument();
  });
});
