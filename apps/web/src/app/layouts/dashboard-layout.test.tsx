import { changePasswordRoute, logoutRoute } from '@portal/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

describe('dashboard shell (000 §2, §4)', () => {
  it('when logging out, then POST /api/logout is sent, the token is removed and the user goes to /signin', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'POST /api/logout': reply(logoutRoute, 200, { message: 'Logged out' }) });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('when the profile menu opens, then it also holds Visit website (shown there on phones, where the header gives its room to the search box)', async () => {
    storeSession();
    stubFetch({});
    renderApp('/dashboard/my-profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Visit website' })).toHaveAttribute('href', '/');
  });

  it('when the logout call fails, then the user is still signed out', async () => {
    storeSession();
    stubFetch({ 'POST /api/logout': reply(logoutRoute, 401, { message: 'Unauthenticated.' }) });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('when the role is user, then the sidebar hides Management and shows My Ledger', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 12 }));
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByText('General')).toBeInTheDocument();
    expect(within(nav).queryByText('Management')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Agents')).not.toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByText('Accounts'));
    expect(within(nav).getByRole('link', { name: 'My Ledger' })).toHaveAttribute('href', '/dashboard/accounts');
    expect(within(nav).queryByText('General Report')).not.toBeInTheDocument();
  });

  it('when the role is admin, then the sidebar shows Management without made-up badges (issue 21 §10)', async () => {
    storeSession(buildSession({ role: 'admin' }));
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByText('Management')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/dashboard/groups');
    expect(within(nav).getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/dashboard/users');
    expect(within(nav).getByRole('link', { name: 'Groups History' })).toHaveAttribute('href', '/dashboard/groups-history');
    expect(within(nav).queryByText(/^\d+\+$/)).not.toBeInTheDocument();
  });

  it('when a group is clicked, then its sub-items expand and collapse', async () => {
    storeSession();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const user = userEvent.setup();
    expect(within(nav).queryByRole('link', { name: 'All Bookings' })).not.toBeInTheDocument();
    await user.click(within(nav).getByText('Bookings'));
    expect(within(nav).getByRole('link', { name: 'All Bookings' })).toHaveAttribute('href', '/dashboard/bookings');
    expect(within(nav).getByRole('link', { name: 'Unpaid' })).toHaveAttribute('href', '/dashboard/pendingbookings');
    await user.click(within(nav).getByText('Bookings'));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'All Bookings' })).not.toBeInTheDocument());
  });

  it('when searching from the header, then it goes to /dashboard/search/{query}', async () => {
    storeSession();
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('Search by email , PNR'), 'ali@agency.pk{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search/ali%40agency.pk'));
  });

  it('when change_password is true, then the blocking password modal shows and Save waits for both fields', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 4, change_password: true }));
    stubFetch({
      'POST /api/changeuserpassword': reply(changePasswordRoute, 200, { message: 'Password changed successfully!' }),
    });
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Old Password/), 'Temp@1234');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/New Password/), 'NewPass@1234');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your password' })).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem('token') ?? '{}')).toMatchObject({ change_password: false });
  });

  it('when change_password is true, then the shell asks nothing of the server but the password change (issue 16 point 6)', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 4, change_password: true }));
    const fetchMock = stubFetch({});
    renderApp('/dashboard');
    await screen.findByRole('dialog', { name: 'Change your password' });
    // Give the page and the header the time they take to send their first requests.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([]);
  });

  it('when the new password is short or common, then the modal says why as it is typed and Save waits (issue 16 point 8)', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 4, change_password: true }));
    stubFetch({});
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Old Password/), 'Temp@1234');
    const field = within(dialog).getByLabelText(/New Password/);
    await user.type(field, 'Short-1');
    expect(within(dialog).getByText('The new password must be at least 10 characters.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'password123');
    expect(await within(dialog).findByText('The new password is too common: it is among the passwords guessed first. Choose another.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
