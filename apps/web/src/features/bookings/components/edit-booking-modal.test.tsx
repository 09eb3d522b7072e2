import { notifications } from '@mantine/notifications';
import {
  agentListOfBookingsRoute,
  BOOKING_UPDATED_MESSAGE,
  bookingEditDetailRoute,
  bookingUpdateRoute,
  PASSPORT_IMAGE_REQUIRED_MESSAGE,
  PASSPORT_IMAGES_ALERT,
} from '@portal/contract/booking-lifecycle';
import { passportAlreadyBookedMessage, PASSPORT_REPEATED_MESSAGE } from '@portal/contract/bookings';
import { passportReadRoute } from '@portal/contract/passport';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply, stubFetch, type StubReply } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingRow, buildEditDetail, buildPassenger } from '../testing/bookings-fixtures';

async function openEdit(
  updateReply: StubReply = reply(bookingUpdateRoute, 200, { message: BOOKING_UPDATED_MESSAGE }),
  extraRoutes: Parameters<typeof stubFetch>[0] = {},
) {
  storeSession(agentSession());
  const fetchMock = stubFetch({
    'GET /api/agnetlistofbookings': reply(agentListOfBookingsRoute, 200, buildPage([buildBookingRow()])),
    'POST /api/booking-edit-detail': reply(
      bookingEditDetailRoute,
      200,
      buildEditDetail({
        adults: 1,
        children: 1,
        booking_sub: [
          buildPassenger({ passport_img: '' }),
          buildPassenger({ id: 22, position: 1, type: 'child', title: 'Miss', firstname: 'ZARA', dob: '2020-01-01', passport_no: 'CH1' }),
        ],
      }),
    ),
    'POST /api/booking-update': updateReply,
    ...extraRoutes,
  });
  renderApp('/dashboard/bookings');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Booking #5' });
  await within(dialog).findByDisplayValue('ZARA');
  const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/booking-update');
  const firstPassenger = () => within(within(dialog).getByRole('group', { name: /Passenger 1/ }));
  const secondPassenger = () => within(within(dialog).getByRole('group', { name: /Passenger 2/ }));
  return { user, dialog, posts, firstPassenger, secondPassenger };
}

describe('Update Booking dialog (000 §5, §7)', () => {
  beforeEach(() => notifications.clean());

  it('when a passenger has no passport image, then the alert and the inline message show and nothing is sent', async () => {
    const { user, dialog, posts, firstPassenger } = await openEdit();
    expect(firstPassenger().getByRole('textbox', { name: 'First Name' })).toHaveValue('ALI');
    // Titles are those of the passenger's type (000 §5).
    await user.click(firstPassenger().getByRole('combobox', { name: 'Title' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Mr', 'Mrs', 'Ms']);
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));
    expect(await within(dialog).findByText(PASSPORT_IMAGES_ALERT)).toBeInTheDocument();
    expect(firstPassenger().getByText(PASSPORT_IMAGE_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('when a chosen scan is over 2 MB, then the seed alert shows and the file is not kept', async () => {
    const { user, firstPassenger } = await openEdit();
    const big = new File([new Uint8Array(2_097_153)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(firstPassenger().getByLabelText('Passport Photo or PDF file'), big);
    expect(await firstPassenger().findByText('File size should be less than 2MB')).toBeInTheDocument();
  });

  it('when the passport is chosen, then booking-update gets the passengers in order and only the new scan by its index', async () => {
    const { user, dialog, posts, firstPassenger } = await openEdit();
    const lastName = firstPassenger().getByRole('textbox', { name: 'Last Name' });
    await user.clear(lastName);
    await user.type(lastName, ' raza ');
    const scan = new File([new Uint8Array([37, 80, 68, 70])], 'passport.pdf', { type: 'application/pdf' });
    await user.upload(firstPassenger().getByLabelText('Passport Photo or PDF file'), scan);
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));

    expect(await screen.findByText(BOOKING_UPDATED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = posts()[0]?.[1]?.body as FormData;
    expect(body.get('booking_id')).toBe('5');
    expect(body.getAll('titles[]')).toEqual(['Mr', 'Miss']);
    expect(body.getAll('firstname[]')).toEqual(['ALI', 'ZARA']);
    expect(body.getAll('lastname[]')).toEqual(['RAZA', 'KHAN']);
    expect(body.getAll('type[]')).toEqual(['adult', 'child']);
    expect(body.getAll('dob[]')).toEqual(['1990-05-14', '2020-01-01']);
    expect((body.get('passport_img[0]') as File).name).toBe('passport.pdf');
    expect(body.get('passport_img[1]')).toBeNull();
    expect(body.get('visa_copy[0]')).toBeNull();
  });

  it("when the server refuses a field, then its message shows under that passenger's field", async () => {
    const { user, dialog, firstPassenger } = await openEdit(
      reply(bookingUpdateRoute, 422, {
        message: 'The given data was invalid.',
        errors: { 'passport_no.0': ['The passport no may only contain letters, numbers and hyphens.'] },
      }),
    );
    await user.upload(
      firstPassenger().getByLabelText('Passport Photo or PDF file'),
      new File([new Uint8Array([1])], 'p.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));
    expect(
      await firstPassenger().findByText('The passport no may only contain letters, numbers and hyphens.'),
    ).toBeInTheDocument();
  });

  it('when the passport is already booked on the group (409), then the message shows under that passenger\'s Passport Number', async () => {
    const message = passportAlreadyBookedMessage('XY9988776');
    expect(message).toBe('Passport XY9988776 is already booked on this group.');
    const { user, dialog, posts, firstPassenger, secondPassenger } = await openEdit(reply(bookingUpdateRoute, 409, { message }));
    await user.upload(firstPassenger().getByLabelText('Passport Photo or PDF file'), new File([new Uint8Array([1])], 'p.png', { type: 'image/png' }));
    const passport = secondPassenger().getByRole('textbox', { name: 'Passport Number' });
    await user.clear(passport);
    await user.type(passport, 'xy 9988776');
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));

    expect(await secondPassenger().findByText(message)).toBeInTheDocument();
    expect(passport).toHaveAttribute('aria-invalid', 'true');
    expect(passport).toHaveFocus();
    expect(posts()).toHaveLength(1);
    // Shown once, on the field, not also as a toast; the dialog stays open with what was typed.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(passport).toHaveValue('xy 9988776');
  });

  it('when two passengers get one passport number, then the second shows the message and nothing is sent', async () => {
    const { user, dialog, posts, firstPassenger, secondPassenger } = await openEdit();
    await user.upload(firstPassenger().getByLabelText('Passport Photo or PDF file'), new File([new Uint8Array([1])], 'p.png', { type: 'image/png' }));
    const passport = secondPassenger().getByRole('textbox', { name: 'Passport Number' });
    await user.clear(passport);
    await user.type(passport, 'ab 1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));

    expect(await secondPassenger().findByText(PASSPORT_REPEATED_MESSAGE)).toBeInTheDocument();
    expect(firstPassenger().queryByText(PASSPORT_REPEATED_MESSAGE)).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("when 'Read passport' reads the newly chosen scan, then the passenger's fields fill, are marked, and booking-update sends them", async () => {
    const { user, dialog, posts, firstPassenger, secondPassenger } = await openEdit(undefined, {
      'POST /api/passport-read': reply(passportReadRoute, 200, {
        data: {
          surname: 'KHAN',
          given_names: 'AYESHA BIBI',
          passport_no: 'AB7654321',
          nationality: 'PAK',
          sex: 'F',
          dob: '1990-03-15',
          expiry: '2031-08-20',
        },
      }),
    });
    // A stored scan is not read again: the button waits for a scan chosen in this dialog.
    expect(secondPassenger().getByRole('button', { name: 'Read passport' })).toBeDisabled();
    const read = firstPassenger().getByRole('button', { name: 'Read passport' });
    expect(read).toBeDisabled();
    await user.upload(firstPassenger().getByLabelText('Passport Photo or PDF file'), new File([new Uint8Array([1])], 'khan.png', { type: 'image/png' }));
    await user.click(read);

    const first = firstPassenger().getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(firstPassenger().getByRole('combobox', { name: 'Title' })).toHaveValue('Mrs'));
    expect(first).toHaveValue('AYESHA BIBI');
    expect(first).toHaveAccessibleDescription('Read from passport');
    expect(firstPassenger().getByRole('combobox', { name: 'Title' })).toHaveValue('Mrs');
    expect(firstPassenger().getByRole('textbox', { name: 'Passport Number' })).toHaveAccessibleDescription('Read from passport');
    await user.click(within(dialog).getByRole('button', { name: 'Update Booking' }));

    expect(await screen.findByText(BOOKING_UPDATED_MESSAGE)).toBeInTheDocument();
    const body = posts()[0]?.[1]?.body as FormData;
    expect(body.getAll('titles[]')).toEqual(['Mrs', 'Miss']);
    expect(body.getAll('firstname[]')).toEqual(['AYESHA BIBI', 'ZARA']);
    expect(body.getAll('passport_no[]')).toEqual(['AB7654321', 'CH1']);
    expect(body.getAll('dob[]')).toEqual(['1990-03-15', '2020-01-01']);
    expect(body.getAll('passport_expiry_date[]')).toEqual(['2031-08-20', '2033-01-01']);
    expect((body.get('passport_img[0]') as File).name).toBe('khan.png');
  });
});
