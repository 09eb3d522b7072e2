import {
  EMAIL_RESEND_MESSAGE,
  getEmailRoute,
  listEmailsRoute,
  NO_EMAIL_FOUND_TEXT,
  resendEmailRoute,
} from '@portal/contract/emails';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildEmail, buildEmailDetail, buildEmailsPage } from '../testing/email-fixtures';

const rows = [
  buildEmail({ id: 3, to: 'new@example.com', subject: 'Booking confirmed', status: 'queued', attempts: 0, sent_at: null }),
  buildEmail({ id: 2, to: 'fail@example.com', subject: 'Rejected registration', status: 'failed', attempts: 8, last_error: '550 No such user here', sent_at: null }),
  buildEmail({ id: 1, to: 'old@example.com', subject: 'Your login details', status: 'sent' }),
];

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return within(row);
};

describe('Emails page (001 §2 Emails, PRODUCT §5)', () => {
  it('when the outbox has messages, then the table shows Sr#, To, Subject, Status and Action with a status badge per row', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofemails': reply(listEmailsRoute, 200, buildEmailsPage(rows)) });
    renderApp('/dashboard/emails');

    expect(await screen.findByRole('heading', { name: 'Emails' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeInTheDocument();
    await screen.findByText('Booking confirmed');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Sr#', 'To', 'Subject', 'Status', 'Action']);
    const cells = (text: string) =>
      rowOf(text)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent);
    expect(cells('Booking confirmed')).toEqual(['1', 'new@example.com', 'Booking confirmed', 'Queued']);
    expect(cells('Rejected registration')).toEqual(['2', 'fail@example.com', 'Rejected registration', 'Failed']);
    expect(cells('Your login details')).toEqual(['3', 'old@example.com', 'Your login details', 'Sent']);
    expect(screen.getByTestId('pager-count')).toHaveTextContent('3 of 3');
  });

  it('when the outbox is empty, then the empty text shows under the headings', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofemails': reply(listEmailsRoute, 200, buildEmailsPage([])) });
    renderApp('/dashboard/emails');
    expect(await screen.findByText(NO_EMAIL_FOUND_TEXT)).toBeInTheDocument();
  });

  it('when View is clicked, then a dialog shows the message text and the last error', async () => {
    storeSession();
    stubFetch({
      'GET /api/listofemails': reply(listEmailsRoute, 200, buildEmailsPage(rows)),
      'GET /api/email/2': reply(getEmailRoute, 200, {
        data: buildEmailDetail({ ...rows[1], text: 'Dear agent,\nyour registration was not approved.' }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/emails');

    await user.click(await screen.findByRole('button', { name: 'View Rejected registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejected registration' });
    expect(await within(dialog).findByTestId('email-text')).toHaveTextContent('Dear agent, your registration was not approved.');
    expect(within(dialog).getByTestId('email-text').textContent).toBe('Dear agent,\nyour registration was not approved.');
    expect(within(dialog).getByText('550 No such user here')).toBeInTheDocument();
    expect(within(dialog).getByText('fail@example.com')).toBeInTheDocument();
  });

  it('when Resend is clicked on a failed message, then resend-email is called, its message toasts and the list reloads; a queued one cannot be resent', async () => {
    storeSession();
    let resent = false;
    const fetchMock = stubFetch({
      'GET /api/listofemails': () =>
        reply(listEmailsRoute, 200, buildEmailsPage(resent ? [rows[0]!, { ...rows[1]!, status: 'queued', attempts: 0 }, rows[2]!] : rows)),
      'POST /api/resend-email/2': () => {
        resent = true;
        return reply(resendEmailRoute, 200, { message: EMAIL_RESEND_MESSAGE });
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/emails');

    await screen.findByText('Booking confirmed');
    expect(screen.getByRole('button', { name: 'Resend Booking confirmed' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Resend Rejected registration' }));

    expect(await screen.findByText(EMAIL_RESEND_MESSAGE)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/resend-email/2') && init?.method === 'POST')).toBe(true);
    await waitFor(() => expect(rowOf('Rejected registration').getByText('Queued')).toBeInTheDocument());
  });

  it('when an agent opens the page, then it is not allowed and nothing is loaded', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 1042, user_id: 12 }));
    const fetchMock = stubFetch({});
    renderApp('/dashboard/emails');
    expect(await screen.findByText(/not allowed/i)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('listofemails'))).toHaveLength(0);
  });
});
