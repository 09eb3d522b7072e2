import { notifications } from '@mantine/notifications';
import {
  agentBookingDetailRoute,
  agentListOfBookingsRoute,
  BOOKING_UPDATED_MESSAGE,
  bookingEditDetailRoute,
  bookingUpdateRoute,
} from '@portal/contract/booking-lifecycle';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingDetail, buildBookingRow, buildEditDetail, buildPassenger } from '../testing/bookings-fixtures';

/** The typing-heavy tests are slow on a loaded machine (never a timed assertion: only room to finish). */
const SLOW = 240_000;
/** The first render of a route loads its code: generous room on a loaded machine. */
const FIRST_RENDER = { timeout: 60_000 };

// PRODUCT §6 "Names later": a booking still missing names says how many where the agent sees it (its row and its
// page, with the name deadline), and the agent gives them with Update Booking, a passenger left empty staying TBA.

const TBA_DETAILS = {
  title: null,
  firstname: null,
  lastname: null,
  dob: null,
  passport_no: null,
  passport_expiry_date: null,
  passport_img: null,
  visa_copy: null,
} as const;

describe('Bookings missing names (PRODUCT §6)', () => {
  beforeEach(() => notifications.clean());

  it("when an agent's booking misses names, then its row reads TBA with '2 names missing', and a complete one has no badge", async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/agnetlistofbookings': reply(
        agentListOfBookingsRoute,
        200,
        buildPage([buildBookingRow({ passenger_name: 'TBA', missing_names: 2 }), buildBookingRow({ id: 6, pnr: 'CNF777' })]),
      ),
    });
    renderApp('/dashboard/bookings');

    const row = (await screen.findByText('ABC123', {}, FIRST_RENDER)).closest('tr');
    const other = screen.getByText('CNF777').closest('tr');
    if (!row || !other) throw new Error('rows expected');
    expect(within(row).getByText('TBA')).toBeInTheDocument();
    expect(within(row).getByText('2 names missing')).toBeInTheDocument();
    expect(within(other).queryByText(/names? missing/)).not.toBeInTheDocument();
  });

  it('when the agent opens a booking missing a name, then its page says how many and the name deadline in Pakistan time', async () => {
    storeSession(agentSession());
    const detail = buildBookingDetail({ confirmed: 0, missing_names: 1, name_deadline: '2031-02-20T05:00:00.000Z' });
    detail.data.booking_sub = [detail.data.booking_sub[0]!, { ...detail.data.booking_sub[1]!, ...TBA_DETAILS }];
    stubFetch({ 'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, detail) });
    renderApp('/dashboard/book/5');

    expect(await screen.findByRole('heading', { name: 'Booking #5' }, FIRST_RENDER)).toBeInTheDocument();
    const line = screen.getByText('Names', { selector: 'p' }).parentElement;
    expect(line).toHaveTextContent('1 name missing');
    expect(line).toHaveTextContent('due by 20 Feb 2031, 10:00 AM');
    expect(within(screen.getByRole('table', { name: 'Passengers' })).getByText('TBA')).toBeInTheDocument();
  });

  it('when the agent fills one missing name in Update Booking and leaves the other, then the first is sent in full with its scan and the second by its type alone', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({
      'GET /api/agnetlistofbookings': reply(agentListOfBookingsRoute, 200, buildPage([buildBookingRow({ passenger_name: 'TBA', missing_names: 2 })])),
      'POST /api/booking-edit-detail': reply(
        bookingEditDetailRoute,
        200,
        buildEditDetail({
          adults: 2,
          booking_sub: [buildPassenger({ ...TBA_DETAILS }), buildPassenger({ id: 22, position: 1, ...TBA_DETAILS })],
        }),
      ),
      'POST /api/booking-update': reply(bookingUpdateRoute, 200, { message: BOOKING_UPDATED_MESSAGE }),
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }, FIRST_RENDER));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Booking #5' });
    const first = within(await within(dialog).findByRole('group', { name: /Passenger 1/ }));
    const second = within(within(dialog).getByRole('group', { name: /Passenger 2/ }));
    expect(first.getByText('Name missing')).toBeInTheDocument();
    expect(second.getByText('Name missing')).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: 'First Name' })).toHaveValue('');

    await user.click(first.getByRole('combobox', { name: 'Title' }));
    await user.click(await screen.findByRole('option', { name: 'Mr' }));
    await user.type(first.getByRole('textbox', { name: 'First Name' }), 'imran');
    await user.type(first.getByRole('textbox', { name: 'Last Name' }), 'qureshi');
    await user.type(first.getByRole('textbox', { name: 'Date of Birth' }), '15/03/1985');
    await user.type(first.getByRole('textbox', { name: 'Passport Number' }), 'TK1234567');
    await user.type(first.getByRole('textbox', { name: 'Passport Expiry Date' }), '01/01/2035');
    // A passenger given its name needs its scan too (decision 030).
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));
    expect(await first.findByText('Passport image is required')).toBeInTheDocument();
    await user.upload(first.getByLabelText('Passport Photo or PDF file'), new File([new Uint8Array(8)], 'imran.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));

    expect(await screen.findByText(BOOKING_UPDATED_MESSAGE)).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/booking-update');
    expect(posts).toHaveLength(1);
    const body = posts[0]?.[1]?.body as FormData;
    expect(body.getAll('type[]')).toEqual(['adult', 'adult']);
    expect(body.getAll('titles[]')).toEqual(['Mr', '']);
    expect(body.getAll('firstname[]')).toEqual(['IMRAN', '']);
    expect(body.getAll('lastname[]')).toEqual(['QURESHI', '']);
    expect(body.getAll('passport_no[]')).toEqual(['TK1234567', '']);
    expect((body.get('passport_img[0]') as File).name).toBe('imran.png');
    expect(body.get('passport_img[1]')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Booking #5' })).not.toBeInTheDocument());
  }, SLOW);
});
