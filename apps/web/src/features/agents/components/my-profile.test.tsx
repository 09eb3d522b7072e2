import { notifications } from '@mantine/notifications';
import {
  myProfileRoute,
  PROFILE_READ_ONLY_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  updateMyProfileRoute,
} from '@portal/contract/agents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactDesks } from '@/config/contact';
import { SHARE_MARKUP_MESSAGE, SHARE_SETTINGS_SAVED_MESSAGE, updateShareSettingsRoute } from '@portal/contract/share';
import { getSession } from '@/lib/session';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildAgent } from '../testing/agents-fixtures';

const adminProfile = () =>
  buildAgent({
    id: 1,
    role: 'admin',
    name: 'Ayesha Khan',
    email: 'admin@example.com',
    phone: null,
    image: null,
    agency_name: null,
    city: null,
    office_address: null,
    office_no: null,
    propriter_name: null,
    agent_id: null,
    source: 'seed',
  });

describe('My Profile (000 §2, §6; 001 §2)', () => {
  beforeEach(() => notifications.clean());

  it('when an agent opens it, then a read-only profile shows with the note and the call and WhatsApp links, and no form', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({ 'GET /api/my-profile': reply(myProfileRoute, 200, { data: { ...buildAgent(), share_markup: 0 } }) });
    renderApp('/dashboard/my-profile');

    expect(await screen.findByText(PROFILE_READ_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Agent-1042')).toBeInTheDocument();
    expect(screen.getByText('Bilal Travels')).toBeInTheDocument();
    const desk = contactDesks[0];
    expect(screen.getByRole('link', { name: `Call ${desk.display}` })).toHaveAttribute('href', `tel:${desk.phone}`);
    const chat = screen.getByRole('link', { name: 'Chat on WhatsApp' });
    expect(chat.getAttribute('href')).toMatch(new RegExp(`^https://wa\\.me/${desk.phone.replace('+', '')}\\?text=`));
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/my-profile']);
  });

  it("when an admin opens it, then the form shows, no read-only note; saving posts update-my-profile, toasts and renames the session", async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/my-profile': reply(myProfileRoute, 200, { data: { ...adminProfile(), share_markup: 0 } }),
      'POST /api/update-my-profile': reply(updateMyProfileRoute, 200, {
        message: PROFILE_UPDATED_MESSAGE,
        data: { ...adminProfile(), name: 'Ayesha K. Malik', phone: '+923009998877' },
      }),
    });
    renderApp('/dashboard/my-profile');
    const user = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Ayesha Khan');
    expect(screen.queryByText(PROFILE_READ_ONLY_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Markup (PKR)' })).not.toBeInTheDocument();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();

    await user.type(name, 'Ayesha K. Malik');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '+923009998877');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PROFILE_UPDATED_MESSAGE)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const form = post?.[1]?.body as FormData;
    expect(form.get('name')).toBe('Ayesha K. Malik');
    expect(form.get('email')).toBe('admin@example.com');
    expect(form.get('phone')).toBe('+923009998877');
    expect(getSession()?.name).toBe('Ayesha K. Malik');
    expect(within(screen.getByRole('banner')).getByText('Ayesha K. Malik')).toBeInTheDocument();
  });

  it('when an agent saves its share markup, then a wrong one is refused on blur and a right one is posted and toasted (decision 026)', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({
      'GET /api/my-profile': reply(myProfileRoute, 200, { data: { ...buildAgent(), share_markup: 1500 } }),
      'POST /api/update-share-settings': reply(updateShareSettingsRoute, 200, {
        message: SHARE_SETTINGS_SAVED_MESSAGE,
        data: { share_markup: 2500 },
      }),
    });
    renderApp('/dashboard/my-profile');
    const user = userEvent.setup();

    const markup = await screen.findByRole('textbox', { name: 'Markup (PKR)' });
    expect(markup).toHaveValue('1500');
    await user.clear(markup);
    await user.type(markup, '-5');
    await user.tab();
    expect(await screen.findByText(SHARE_MARKUP_MESSAGE)).toBeInTheDocument();

    await user.clear(markup);
    await user.type(markup, '2500');
    await user.click(screen.getByRole('button', { name: 'Save Markup' }));
    expect(await screen.findByText(SHARE_SETTINGS_SAVED_MESSAGE)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/update-share-settings');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ markup: 2500 });
  });
});
