import { sendWhatsappCodeRoute, verifyWhatsappRoute, WHATSAPP_PHONE_MESSAGE } from '@portal/contract/auth';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { updateSession } from '@/lib/session';
import { buildSession, storeSession } from '@/testing/fixtures';
import { WhatsappVerificationModal } from './whatsapp-verification-modal';

const TITLE = 'Verify your WhatsApp number';
const SENT = 'A verification code has been sent to your e-mail address. It is valid for 10 minutes.';

function renderModal() {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <p>Dashboard page</p>
            <WhatsappVerificationModal />
          </>
        ),
      },
      { path: '/signin', element: <p>Sign in page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProvider env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

function storePendingAgent(overrides: Parameters<typeof buildSession>[0] = {}) {
  return storeSession(buildSession({ role: 'user', agent_id: 1005, user_id: 7, w_verified: true, ...overrides }));
}

async function sendCodeFor(user: ReturnType<typeof userEvent.setup>, phone = '+923001234567') {
  await user.type(screen.getByLabelText('WhatsApp Number'), phone);
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByRole('button', { name: 'Send Agein' });
}

describe('WhatsApp verification modal (000 §4-§5)', () => {
  it('when w_verified is true and no password change is due, then the modal asks for the number', async () => {
    storePendingAgent();
    renderModal();
    expect(await screen.findByText(TITLE)).toBeInTheDocument();
    expect(screen.getByLabelText('WhatsApp Number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Code' })).not.toBeInTheDocument();
  });

  it('when change_password is also true, then the modal waits (the password change comes first)', async () => {
    storePendingAgent({ change_password: true });
    renderModal();
    await screen.findByText('Dashboard page');
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('when the password is changed on this page, then the modal stays closed until the reload that follows', async () => {
    storePendingAgent({ change_password: true });
    renderModal();
    await screen.findByText('Dashboard page');
    // The password modal's success: the session says the change is done, and a reload comes in 2 s.
    act(() => updateSession({ change_password: false }));
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('when w_verified is false, then there is no modal', async () => {
    storeSession(buildSession({ w_verified: false }));
    renderModal();
    await screen.findByText('Dashboard page');
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it("when the number is '+92 300', then the + and country code message shows and the send button stays hidden", async () => {
    storePendingAgent();
    renderModal();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('WhatsApp Number');
    await user.type(input, '+92 300');
    expect(screen.getByText(WHATSAPP_PHONE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Code' })).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '+923001234567');
    expect(screen.queryByText(WHATSAPP_PHONE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
  });

  it("when the code is sent, then the button reads 'Send Agein', the number becomes a note and 'Change Number' goes back", async () => {
    storePendingAgent();
    const fetchMock = stubFetch({ 'POST /api/sendwhatsappcode': reply(sendWhatsappCodeRoute, 200, { message: SENT }) });
    renderModal();
    const user = userEvent.setup();
    await screen.findByText(TITLE);
    await sendCodeFor(user);

    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ phone: '+923001234567', agent_id: 1005 });
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.queryByLabelText('WhatsApp Number')).not.toBeInTheDocument();
    expect(screen.getByText('+923001234567')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification Code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send Agein' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: 'Change Number' }));
    expect(screen.getByLabelText('WhatsApp Number')).toHaveValue('+923001234567');
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Agein' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Verification Code')).not.toBeInTheDocument();
  });

  it("when sending fails, then the server's message shows in an error toast and the number stays editable", async () => {
    storePendingAgent();
    const message = 'A code was sent moments ago. Please wait 20 seconds before asking for a new one.';
    stubFetch({ 'POST /api/sendwhatsappcode': reply(sendWhatsappCodeRoute, 429, { message }) });
    renderModal();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('WhatsApp Number'), '+923001234567');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('WhatsApp Number')).toBeInTheDocument();
  });

  it("when the code is wrong, then the server's message shows in an error toast and the session stays", async () => {
    storePendingAgent();
    const wrong = 'The code is incorrect. 4 attempts left.';
    stubFetch({
      'POST /api/sendwhatsappcode': reply(sendWhatsappCodeRoute, 200, { message: SENT }),
      'POST /api/updateandverifywhp': reply(verifyWhatsappRoute, 422, { message: wrong, errors: { code: [wrong] } }),
    });
    const router = renderModal();
    const user = userEvent.setup();
    await screen.findByText(TITLE);
    await sendCodeFor(user);
    await user.type(screen.getByLabelText('Verification Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('when the code is right, then a success toast shows and 3 s later the session is cleared and the user is at /signin', async () => {
    storePendingAgent();
    const verified = 'Your WhatsApp number has been verified. Please log in again.';
    const fetchMock = stubFetch({
      'POST /api/sendwhatsappcode': reply(sendWhatsappCodeRoute, 200, { message: SENT }),
      'POST /api/updateandverifywhp': reply(verifyWhatsappRoute, 200, { message: verified }),
    });
    const router = renderModal();
    const user = userEvent.setup();
    await screen.findByText(TITLE);
    await sendCodeFor(user);
    await user.type(screen.getByLabelText('Verification Code'), '123456');

    // Only setTimeout is faked, and it still follows real time so the app's own zero-delay timers run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(verified)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      phone: '+923001234567',
      code: '123456',
      agent_id: 1005,
    });

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(window.localStorage.getItem('token')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('Sign in page')).toBeInTheDocument();
  });
});
