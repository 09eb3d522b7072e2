import { logoutRoute } from '@portal/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

describe('public header (000 §2)', () => {
  it('when no token is stored, then Log In and Register show and Log out/Dashboard do not', async () => {
    renderApp('/aboutus');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/signin');
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(within(header).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('when a token is stored, then Log out and Dashboard replace Log In and Register', async () => {
    storeSession();
    renderApp('/aboutus');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('when Log out is clicked, then the token is cleared', async () => {
    storeSession();
    stubFetch({ 'POST /api/logout': reply(logoutRoute, 200, { message: 'Logged out' }) });
    renderApp('/updates');
    expect(await screen.findByText('coming soon....')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
  });
});
