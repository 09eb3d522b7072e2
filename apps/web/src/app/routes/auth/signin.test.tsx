import { loginRoute } from '@portal/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '@/config/constants';
import { networkError, reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), 'agent@example.com');
  await user.type(screen.getByLabelText(/Password/), 'Agent@12345');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('/signin (000 §2, §4, §8)', () => {
  it('when login succeeds, then the session JSON is stored under token and the user goes to /dashboard', async () => {
    const session = buildSession({ role: 'user', agent_id: 12, user_id: 5, email: 'agent@example.com', name: 'Ali Travels' });
    const fetchMock = stubFetch({ 'POST /api/login': reply(loginRoute, 200, { success: session }) });
    const { router } = renderApp('/signin');

    await fillAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(window.localStorage.getItem('token') ?? 'null')).toEqual(session);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'agent@example.com', password: 'Agent@12345' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("when the server refuses, then the server's message shows and nothing is stored", async () => {
    stubFetch({ 'POST /api/login': reply(loginRoute, 401, { message: 'Invalid email or password' }) });
    const { router } = renderApp('/signin');

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('when the network fails, then the generic message shows', async () => {
    stubFetch({ 'POST /api/login': networkError() });
    renderApp('/signin');

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC_ERROR_MESSAGE);
  });

  it('when the fields are empty, then no call is made and required messages show', async () => {
    const fetchMock = stubFetch({});
    renderApp('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when a field is filled after a refused submit, then its message goes and the other stays', async () => {
    const fetchMock = stubFetch({});
    renderApp('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Email/), 'agent@example.com');

    await waitFor(() => expect(screen.queryByText('The email field is required.')).not.toBeInTheDocument());
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
