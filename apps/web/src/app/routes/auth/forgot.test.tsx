import { FORGOT_PASSWORD_MESSAGE, forgotPasswordRoute } from '@portal/contract/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

describe('/forgot (000 §2, §5, PRODUCT §4)', () => {
  it("when an e-mail is sent, then POST /api/forgot-password gets it and the server's message shows", async () => {
    const fetchMock = stubFetch({
      'POST /api/forgot-password': reply(forgotPasswordRoute, 200, { message: FORGOT_PASSWORD_MESSAGE }),
    });
    renderApp('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'Agent@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send temporary password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_MESSAGE);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'agent@example.com' });
  });

  it("when the server refuses (too many requests), then its message shows as an alert", async () => {
    const message = 'Too many attempts. Please try again in 60 minutes.';
    stubFetch({ 'POST /api/forgot-password': reply(forgotPasswordRoute, 429, { message }) });
    renderApp('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send temporary password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('when the e-mail is malformed, then nothing is sent and the field says why', async () => {
    const fetchMock = stubFetch({});
    renderApp('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send temporary password' }));
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the page shows, then it links back to sign in', async () => {
    renderApp('/forgot');
    expect(await screen.findByRole('link', { name: 'Back to Log In' })).toHaveAttribute('href', '/signin');
  });
});
