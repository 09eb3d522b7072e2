import {
  listNotificationsRoute,
  markNotificationsReadRoute,
  NO_NOTIFICATION_TEXT,
  unreadNotificationsCountRoute,
} from '@portal/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildNotification, buildNotificationsPage, createFakeSocket } from '../testing/notification-fixtures';

// The header's realtime connection is not under test here: a silent fake socket.
vi.mock('socket.io-client', () => ({ io: () => createFakeSocket() }));

const badge = () => screen.findByRole('link', { name: /^Notifications \(\d+\)$/ });

beforeEach(() => {
  storeSession(buildSession({ role: 'user', agent_id: 1005, user_id: 9 }));
});

describe('header badge (PRODUCT §4, §5)', () => {
  it('when the server counts 5 unread, then the badge shows 5', async () => {
    stubFetch({ 'GET /api/unread-notifications-count': reply(unreadNotificationsCountRoute, 200, { count: 5 }) });
    renderApp('/dashboard/my-profile');
    await waitFor(async () => expect(await badge()).toHaveAccessibleName('Notifications (5)'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('5');
  });

  it('when nothing is unread, then no 0 badge shows (issue 21 §10)', async () => {
    stubFetch({ 'GET /api/unread-notifications-count': reply(unreadNotificationsCountRoute, 200, { count: 0 }) });
    renderApp('/dashboard/my-profile');
    await waitFor(async () => expect(await badge()).toHaveAccessibleName('Notifications (0)'));
    expect(screen.getByTestId('notification-badge')).not.toHaveTextContent('0');
  });
});

describe('Notifications page (000 §2, §3)', () => {
  it('when notifications are listed, then each shows image, name, message and time and links to its booking; missing fields read N/A', async () => {
    stubFetch({
      'GET /api/unread-notifications-count': reply(unreadNotificationsCountRoute, 200, { count: 2 }),
      'GET /api/listofnotification': reply(
        listNotificationsRoute,
        200,
        buildNotificationsPage([
          buildNotification({ id: 2, src: 12, created_at: '2026-11-23T05:00:00.000Z' }),
          buildNotification({ id: 1, src: 8, name: null, message: null, image: null, created_at: '' }),
        ]),
      ),
      'POST /api/mark-notifications-read': reply(markNotificationsReadRoute, 200, { message: 'Notifications marked as read.', count: 0 }),
    });
    renderApp('/dashboard/notifications');

    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const [full, bare] = items.map((item) => within(item));
    expect(full!.getByRole('link')).toHaveAttribute('href', '/dashboard/book/12');
    expect(full!.getByText('Imran Qureshi')).toBeInTheDocument();
    expect(full!.getByText('Al-Haram Travels booked 2 seats on PNR ABC123')).toBeInTheDocument();
    expect(full!.getByText('23 Nov 2026, 10:00 AM')).toBeInTheDocument();
    expect(full!.getByRole('img', { name: 'Imran Qureshi' })).toHaveAttribute('src', 'http://localhost:8080/uploads/public/user_image/imran.png');

    expect(bare!.getByRole('link')).toHaveAttribute('href', '/dashboard/book/8');
    // name, message and created time are missing: each reads 'N/A'.
    expect(bare!.getAllByText('N/A')).toHaveLength(3);
  });

  it('when the page opens, then all are marked read and the badge drops to 0', async () => {
    const fetchMock = stubFetch({
      'GET /api/unread-notifications-count': reply(unreadNotificationsCountRoute, 200, { count: 3 }),
      'GET /api/listofnotification': reply(listNotificationsRoute, 200, buildNotificationsPage([buildNotification()])),
      'POST /api/mark-notifications-read': reply(markNotificationsReadRoute, 200, { message: 'Notifications marked as read.', count: 0 }),
    });
    renderApp('/dashboard/notifications');
    await screen.findAllByTestId('notification-item');
    await waitFor(async () => expect(await badge()).toHaveAccessibleName('Notifications (0)'));
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/mark-notifications-read'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ all: 1 });
  });

  it('when there are none, then it shows No Notification found', async () => {
    stubFetch({
      'GET /api/unread-notifications-count': reply(unreadNotificationsCountRoute, 200, { count: 0 }),
      'GET /api/listofnotification': reply(listNotificationsRoute, 200, buildNotificationsPage([])),
      'POST /api/mark-notifications-read': reply(markNotificationsReadRoute, 200, { message: 'Notifications marked as read.', count: 0 }),
    });
    renderApp('/dashboard/notifications');
    expect(await screen.findByText(NO_NOTIFICATION_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('notification-item')).not.toBeInTheDocument();
  });
});
