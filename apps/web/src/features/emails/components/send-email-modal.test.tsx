import { searchAgentRoute } from '@portal/contract/bookings';
import { EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE, EMAIL_QUEUED_MESSAGE, listEmailsRoute, sendEmailRoute } from '@portal/contract/emails';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildEmail, buildEmailsPage } from '../testing/email-fixtures';
import { NO_AGENT_FOUND_TEXT } from '@portal/contract/ledger';

const agent = { id: 12, name: 'Bilal Ahmed', agent_id: 1042, agency_name: 'Bilal Travels' };
const formOf = (body: unknown) => Object.fromEntries((body as FormData).entries());
const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/listofemails')).length;

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/dashboard/emails');
  await user.click(await screen.findByRole('button', { name: 'Send Email' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Email' });
  return { user, dialog: within(dialog) };
}

async function pickAgent(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByRole('combobox', { name: 'Agent' }), 'Bilal');
  await user.click(await screen.findByRole('option', { name: 'Bilal Ahmed, Bilal Travels (Agent-1042)' }));
}

describe('Send Email dialog (issue 6, PRODUCT §5)', () => {
  it('when an agent, subject and message are sent, then Send is disabled while sending, the message toasts, the dialog closes and the list reloads', async () => {
    storeSession();
    let sent = false;
    const fetchMock = stubFetch({
      'GET /api/listofemails': () =>
        reply(listEmailsRoute, 200, buildEmailsPage(sent ? [buildEmail({ id: 9, subject: 'Visa documents', status: 'queued', sent_at: null })] : [])),
      'POST /api/searchagent': reply(searchAgentRoute, 200, { data: [agent] }),
      'POST /api/send-email': () => {
        sent = true;
        return reply(sendEmailRoute, 201, {
          message: EMAIL_QUEUED_MESSAGE,
          data: buildEmail({ id: 9, to: 'bilal@example.com', subject: 'Visa documents', status: 'queued', attempts: 0, sent_at: null }),
        });
      },
    });
    // Hold the send-email answer until the test has seen the button disabled.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/send-email')) await gate;
      return fetchMock(input, init);
    });

    const { user, dialog } = await openDialog();
    await screen.findByText(/No Record found/);
    await pickAgent(user, dialog);
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Visa documents');
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Please send the passport copies.{Enter}Thanks');
    const listsBefore = listCalls(fetchMock);
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled());
    release();

    expect(await screen.findByText(EMAIL_QUEUED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Email' })).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/send-email'));
    expect(formOf(call?.[1]?.body)).toEqual({ agent_id: '1042', subject: 'Visa documents', message: 'Please send the passport copies.\nThanks' });
    expect(await screen.findByText('Visa documents')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toBeGreaterThan(listsBefore);
  });

  it('when Send is pressed with empty fields, then each field shows its error and nothing is sent', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/listofemails': reply(listEmailsRoute, 200, buildEmailsPage([])) });
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await dialog.findByText('The agent id field is required.')).toBeInTheDocument();
    expect(dialog.getByText('The subject field is required.')).toBeInTheDocument();
    expect(dialog.getByText('The message field is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('send-email'))).toBe(false);
  });

  it("when the server refuses the agent (no e-mail address), then its message shows under Agent and the dialog stays open; an unknown name shows 'No Agent Found'", async () => {
    storeSession();
    stubFetch({
      'GET /api/listofemails': reply(listEmailsRoute, 200, buildEmailsPage([])),
      'POST /api/searchagent': ({ body }) =>
        reply(searchAgentRoute, 200, { data: (body as { searchquery: string }).searchquery === 'Bilal' ? [agent] : [] }),
      'POST /api/send-email': reply(sendEmailRoute, 422, {
        message: EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE,
        errors: { agent_id: [EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE] },
      }),
    });
    const { user, dialog } = await openDialog();

    await user.type(dialog.getByRole('combobox', { name: 'Agent' }), 'zzz');
    expect(await screen.findByText(NO_AGENT_FOUND_TEXT)).toBeInTheDocument();
    await user.clear(dialog.getByRole('combobox', { name: 'Agent' }));
    await pickAgent(user, dialog);
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Text');
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await dialog.findByText(EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send Email' })).toBeInTheDocument();
  });
});
