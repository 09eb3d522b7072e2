import { notifications } from '@mantine/notifications';
import { importTicketNumbersRoute, pnrPassengersRoute, updateTicketNumbersRoute } from '@portal/contract/ticketing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch, textReply } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildImportAnswer, buildPnrPassengers, buildTicketBooking } from '../testing/ticketing-fixtures';

// The ticket-number screen (PRODUCT §6 "Ticket numbers", decision 031): typed per passenger, imported with a
// dry-run preview, and the airline name list copied.

const PAGE = '/dashboard/pnr/ABC123/tickets';

function bookingForm(id = 5) {
  return within(screen.getByRole('form', { name: `Ticket numbers of booking #${id}` }));
}

describe('ticket numbers typed per passenger', () => {
  beforeEach(() => notifications.clean());

  it('when a number is not 13 digits, then the field says so as the admin leaves it; a good one is saved and toasted', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/pnr-passengers': reply(pnrPassengersRoute, 200, buildPnrPassengers()),
      'POST /api/update-ticket-numbers': reply(updateTicketNumbersRoute, 200, {
        message: 'Ticket numbers saved successfully!',
        data: { booking_id: 5, ticketed: 1 },
      }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Ticket numbers · PNR ABC123' })).toBeInTheDocument();
    const form = bookingForm();
    expect(form.getByText('Mr ALI KHAN')).toBeInTheDocument();
    expect(form.getByLabelText('Ticket number of Inf ZAIN KHAN')).toHaveValue('1572400000009');
    const ali = form.getByLabelText('Ticket number of Mr ALI KHAN');
    await user.type(ali, '157240');
    await user.tab();
    expect(await form.findByText('The ticket number must be 13 digits.')).toBeInTheDocument();

    await user.clear(ali);
    await user.type(ali, '157-2400000001');
    await waitFor(() => expect(form.queryByText('The ticket number must be 13 digits.')).not.toBeInTheDocument());
    await user.click(form.getByRole('button', { name: 'Save ticket numbers' }));

    expect(await screen.findByText('Ticket numbers saved successfully!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/update-ticket-numbers');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      booking_id: 5,
      tickets: [
        { passenger_id: 21, ticket_no: '1572400000001' },
        { passenger_id: 22, ticket_no: '1572400000009' },
      ],
    });
  });

  it("when the server says a number is another passenger's, then it shows under that passenger's field", async () => {
    storeSession();
    stubFetch({
      'GET /api/pnr-passengers': reply(pnrPassengersRoute, 200, buildPnrPassengers()),
      'POST /api/update-ticket-numbers': reply(updateTicketNumbersRoute, 422, {
        message: 'Ticket number 1572400000001 is already issued to another passenger.',
        errors: { 'tickets.0.ticket_no': ['Ticket number 1572400000001 is already issued to another passenger.'] },
      }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Ticket numbers · PNR ABC123' });
    await user.type(bookingForm().getByLabelText('Ticket number of Mr ALI KHAN'), '1572400000001');
    await user.click(bookingForm().getByRole('button', { name: 'Save ticket numbers' }));
    expect(await bookingForm().findByText('Ticket number 1572400000001 is already issued to another passenger.')).toBeInTheDocument();
  });

  it('when a booking is on hold or ticketed, then its fields are locked with the reason, or it reads Ticketed', async () => {
    storeSession();
    stubFetch({
      'GET /api/pnr-passengers': reply(
        pnrPassengersRoute,
        200,
        buildPnrPassengers([
          buildTicketBooking({ id: 5, ticketed: 1 }),
          buildTicketBooking({ id: 6, confirmed: 0, passengers: [{ id: 31, type: 'adult', title: 'Mrs', firstname: 'SARA', lastname: 'RAZA', ticket_no: null }] }),
        ]),
      ),
    });
    renderApp(PAGE);
    await screen.findByRole('heading', { name: 'Ticket numbers · PNR ABC123' });
    expect(bookingForm(5).getByText('Ticketed')).toBeInTheDocument();
    expect(bookingForm(6).getByText('Hold')).toBeInTheDocument();
    expect(bookingForm(6).getByLabelText('Ticket number of Mrs SARA RAZA')).toBeDisabled();
    expect(bookingForm(6).getByText('Confirm the booking to enter its ticket numbers.')).toBeInTheDocument();
    expect(bookingForm(6).getByRole('button', { name: 'Save ticket numbers' })).toBeDisabled();
  });

  it('when an agent opens the screen, then it is not allowed and nothing is asked', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 1042, user_id: 12 }));
    const fetchMock = stubFetch({});
    renderApp(PAGE);
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('import with a preview', () => {
  beforeEach(() => notifications.clean());

  function fileInput(dialog: HTMLElement): HTMLInputElement {
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  }

  it('when a file is previewed, then the matched and unmatched rows show and Save imports the matched ones', async () => {
    storeSession();
    const sent: Array<string | null> = [];
    stubFetch({
      'GET /api/pnr-passengers': reply(pnrPassengersRoute, 200, buildPnrPassengers()),
      'POST /api/import-ticket-numbers': ({ body }) => {
        const dryRun = (body as FormData).get('dry_run') as string;
        sent.push(((body as FormData).get('file') as File | null)?.name ?? null, dryRun);
        return dryRun === '1'
          ? reply(importTicketNumbersRoute, 200, buildImportAnswer())
          : reply(importTicketNumbersRoute, 200, buildImportAnswer({ dry_run: 0, saved: 1, ticketed_bookings: [5] }, '1 ticket number saved.'));
      },
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import ticket numbers' });

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Choose the xlsx or CSV file first.')).toBeInTheDocument();

    await user.upload(fileInput(dialog), new File(['PNR,Surname,Given name,Ticket number\n'], 'tickets.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const matched = within(await within(dialog).findByRole('table', { name: 'Matched rows' }));
    expect(within(dialog).getByText('Matched (1)')).toBeInTheDocument();
    expect(matched.getByText('Mr ALI KHAN')).toBeInTheDocument();
    expect(matched.getByText('1572400000001')).toBeInTheDocument();
    const unmatched = within(within(dialog).getByRole('table', { name: 'Unmatched rows' }));
    expect(within(dialog).getByText('Unmatched (1)')).toBeInTheDocument();
    expect(unmatched.getByText('More than one passenger on this PNR has this name: type the number on the booking.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save 1 ticket number' }));
    expect(await screen.findByText('1 ticket number saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import ticket numbers' })).not.toBeInTheDocument());
    expect(sent).toEqual(['tickets.csv', '1', 'tickets.csv', '0']);
  });

  it('when the file is refused, then every problem shows under the file field and nothing is previewed', async () => {
    storeSession();
    stubFetch({
      'GET /api/pnr-passengers': reply(pnrPassengersRoute, 200, buildPnrPassengers()),
      'POST /api/import-ticket-numbers': reply(importTicketNumbersRoute, 422, {
        message: 'Row 2: The ticket number must be 13 digits.',
        errors: { file: ['Row 2: The ticket number must be 13 digits.', 'Row 5: Ticket number 1572400000001 is given twice.'] },
      }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import ticket numbers' });
    await user.upload(fileInput(dialog), new File(['x'], 'tickets.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Row 2: The ticket number must be 13 digits.')).toBeInTheDocument();
    expect(within(dialog).getByText('Row 5: Ticket number 1572400000001 is given twice.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Matched rows' })).not.toBeInTheDocument();
  });
});

describe('Copy name list', () => {
  beforeEach(() => notifications.clean());

  it("when pressed, then the PNR's name list is on the clipboard and 'Copied' shows", async () => {
    storeSession();
    const text = '1. KHAN/ALI MR\nINF KHAN/ZAIN DOB 09APR25\n';
    const fetchMock = stubFetch({
      'GET /api/pnr-passengers': reply(pnrPassengersRoute, 200, buildPnrPassengers()),
      'GET /api/pnr-namelist': textReply(text),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    // userEvent installs its own clipboard: replace it after setup.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy name list' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(text);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/pnr-namelist?pnr=ABC123');
  });
});
