import {
  ADMIN_ACTIVATED_MESSAGE,
  ADMIN_DEACTIVATED_MESSAGE,
  ADMIN_SELF_DEACTIVATE_MESSAGE,
  addAdminRoute,
  ADMIN_ADDED_MESSAGE,
  getSettingsRoute,
  listAdminsRoute,
  toggleAdminRoute,
} from '@portal/contract/settings';
import { unlockUserRoute, USER_UNLOCKED_MESSAGE } from '@portal/contract/agents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAdminSettings, buildAdminUser } from '../testing/settings-fixtures';

function stubSettingsPage(routes: Parameters<typeof stubFetch>[0]) {
  return stubFetch({
    'GET /api/settings': reply(getSettingsRoute, 200, { data: buildAdminSettings() }),
    ...routes,
  });
}

describe('User Management table (001 §2 Settings, PRODUCT §5)', () => {
  it('when the admins load, then Name, Email, Status and Created show, Active or Inactive', async () => {
    storeSession();
    stubSettingsPage({
      'GET /api/list-admins': reply(listAdminsRoute, 200, {
        data: [buildAdminUser(), buildAdminUser({ id: 3, name: 'Sana Malik', email: 'sana@example.com', is_active: false })],
      }),
    });
    renderApp('/dashboard/settings');
    const row = (await screen.findByText('Bilal Ahmed')).closest('tr')!;
    expect(within(row).getByText('bilal@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const inactive = screen.getByText('Sana Malik').closest('tr')!;
    expect(within(inactive).getByText('Inactive')).toBeInTheDocument();
    expect(within(inactive).getByRole('button', { name: 'Activate Sana Malik' })).toBeInTheDocument();
  });

  it("when an admin is locked after wrong passwords, then 'Locked' and an Unlock button show for it only; Unlock posts its id and the list refreshes", async () => {
    storeSession();
    let unlocked = false;
    const lockedUntil = new Date(Date.now() + 60 * 60_000).toISOString();
    const fetchMock = stubSettingsPage({
      'GET /api/list-admins': () =>
        reply(listAdminsRoute, 200, {
          data: [buildAdminUser({ locked_until: unlocked ? null : lockedUntil }), buildAdminUser({ id: 3, name: 'Sana Malik', email: 'sana@example.com' })],
        }),
      'POST /api/unlock-user': () => {
        unlocked = true;
        return reply(unlockUserRoute, 200, { message: USER_UNLOCKED_MESSAGE });
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings');

    const row = (await screen.findByText('Bilal Ahmed')).closest('tr')!;
    expect(within(row).getByText('Locked')).toBeInTheDocument();
    const other = screen.getByText('Sana Malik').closest('tr')!;
    expect(within(other).queryByText('Locked')).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Unlock Sana Malik' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Unlock Bilal Ahmed' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unlock Bilal Ahmed?' })).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(USER_UNLOCKED_MESSAGE)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('unlock-user'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ id: 2 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock Bilal Ahmed' })).not.toBeInTheDocument());
    expect(screen.queryByText('Locked')).not.toBeInTheDocument();
  });

  it('when Deactivate is confirmed, then the call is made and the message toasts; a 409 toasts the server message', async () => {
    storeSession();
    let refuse = false;
    let active = true;
    const fetchMock = stubSettingsPage({
      'GET /api/list-admins': () => reply(listAdminsRoute, 200, { data: [buildAdminUser({ is_active: active })] }),
      'GET /api/toggle-admin/2': () => {
        if (refuse) return reply(toggleAdminRoute, 409, { message: ADMIN_SELF_DEACTIVATE_MESSAGE });
        active = !active;
        return reply(toggleAdminRoute, 200, {
          message: active ? ADMIN_ACTIVATED_MESSAGE : ADMIN_DEACTIVATED_MESSAGE,
          data: buildAdminUser({ is_active: active }),
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings');

    await user.click(await screen.findByRole('button', { name: 'Deactivate Bilal Ahmed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bilal Ahmed?' });
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('toggle-admin'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(ADMIN_DEACTIVATED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate Bilal Ahmed' })).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Activate Bilal Ahmed' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Activate Bilal Ahmed?' })).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(ADMIN_SELF_DEACTIVATE_MESSAGE)).toBeInTheDocument();
  });

  it('when Add New User is saved, then name, email and password are posted and the message toasts; a short password is refused first', async () => {
    storeSession();
    const fetchMock = stubSettingsPage({
      'GET /api/list-admins': reply(listAdminsRoute, 200, { data: [] }),
      'POST /api/add-admin': reply(addAdminRoute, 201, { message: ADMIN_ADDED_MESSAGE, data: buildAdminUser({ id: 9 }) }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings');

    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Bilal Ahmed');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'bilal@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The password must be at least 10 characters.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('add-admin'))).toBe(false);

    await user.type(within(dialog).getByLabelText(/Password/), '-long-enough');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_ADDED_MESSAGE)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('add-admin'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ name: 'Bilal Ahmed', email: 'bilal@example.com', password: 'short-long-enough' });
  });
});
