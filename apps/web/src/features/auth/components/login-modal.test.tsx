import { accountLockedMessage, loginRoute } from '@portal/contract/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { WAIT } from '@/testing/async-timeout';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession } from '@/testing/fixtures';
import { LoginModal } from './login-modal';

function renderModal(onSuccess = vi.fn()) {
  render(
    <AppProvider env="test">
      <MemoryRouter>
        <LoginModal opened onClose={() => undefined} onSuccess={onSuccess} />
      </MemoryRouter>
    </AppProvider>,
  );
  return onSuccess;
}

async function submit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email/), 'agent@example.com');
  await user.type(screen.getByLabelText(/Password/), 'wrong-password');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('Login to your portal modal (000 §2, §8)', () => {
  it("when the server answers 403 with its own text, then the modal still reads 'Invalid email or password'", async () => {
    stubFetch({ 'POST /api/login': reply(loginRoute, 403, { message: 'Your account is pending approval.' }) });
    renderModal();
    expect(screen.getByText('Login to your portal')).toBeInTheDocument();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('when the account is locked (429), then the modal shows the lock message with its time, not the wrong-password text', async () => {
    const message = accountLockedMessage('2031-01-15T09:05:00.000Z');
    stubFetch({ 'POST /api/login': reply(loginRoute, 429, { message }) });
    renderModal();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is locked after too many failed sign-ins. Try again after 15 Jan 2031, 02:05 PM (Pakistan time) or ask an administrator to unlock it.',
    );
  });

  it('when login succeeds, then the session is stored and onSuccess is called', async () => {
    const session = buildSession({ role: 'user', agent_id: 3 });
    stubFetch({ 'POST /api/login': reply(loginRoute, 200, { success: session }) });
    const onSuccess = renderModal();
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(session), WAIT);
    expect(JSON.parse(window.localStorage.getItem('token') ?? 'null')).toEqual(session);
  });
});
