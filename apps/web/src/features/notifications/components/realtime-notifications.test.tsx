import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsCountRoute } from '@portal/contract/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/lib/session';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildNotificationEvent, buildNotificationsPage, createFakeSocket, type FakeSocket } from '../testing/notification-fixtures';

// The real path: the dashboard header mounts RealtimeNotifications, which connects through api/realtime.ts and
// socket.io-client; only socket.io-client's io() is replaced, so a test can push server events into it.
const sockets = vi.hoisted(() => ({ created: [] as Array<{ options: unknown; socket: unknown }>, factory: null as null | (() => unknown) }));
vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = sockets.factory!();
    sockets.created.push({ options, socket });
    return socket;
  },
}));

const latest = () => sockets.created.at(-1)!.socket as FakeSocket;

beforeEach(() => {
  sockets.created = [];
  sockets.factory = () => createFakeSocket();
});

function stubNotificationCalls({ count = 0 } = {}) {
  let unread = count;
  return stubFetch({
    'GET /api/unread-notifications-count': () => reply(unreadNotificationsCountRoute, 200, { count: unread }),
    'GET /api/listofnotification': reply(listNotificationsRoute, 200, buildNotificationsPage([])),
    'POST /api/mark-notifications-read': () => {
      unread = 0;
      return reply(markNotificationsReadRoute, 200, { message: 'Notifications marked as read.', count: 0 });
    },
  });
}

describe('realtime notifications (000 §7, PRODUCT §4)', () => {
  it('when signed in, then the socket connects to /socket.io with the token and listens to userevent-{user_id} only', async () => {
    storeSession(buildSession({ user_id: 7, token: 'token-of-seven' }));
    stubNotificationCalls();
    renderApp('/dashboard/notifications');
    await waitFor(() => expect(sockets.created).toHaveLength(1));
    expect(sockets.created[0]!.options).toEqual({ path: '/socket.io', auth: { token: 'token-of-seven' } });
    expect([...latest().handlers.keys()]).toEqual(['userevent-7']);
  });

  it('when an event arrives, then a toast shows the image, name, message, a link to its booking (issue 21 §6) and Close, and the badge is asked again', async () => {
    storeSession(buildSession({ user_id: 7 }));
    const fetchMock = stubNotificationCalls();
    const { router } = renderApp('/dashboard/notifications');
    await waitFor(() => expect(latest().handlers.has('userevent-7')).toBe(true));
    const countCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/unread-notifications-count')).length;
    await waitFor(() => expect(countCalls()).toBeGreaterThan(0));
    const before = countCalls();

    act(() => latest().serverEmit('userevent-7', buildNotificationEvent()));

    const toast = within(await screen.findByTestId('notification-toast'));
    expect(toast.getByText('Imran Qureshi')).toBeInTheDocument();
    expect(toast.getByText('Al-Haram Travels booked 2 seats on PNR ABC123')).toBeInTheDocument();
    expect(toast.getByRole('img', { name: 'Imran Qureshi' })).toHaveAttribute('src', 'http://localhost:8080/uploads/public/user_image/imran.png');
    const link = toast.getByRole('link', { name: 'View Bookings' });
    expect(link).toHaveAttribute('href', '/dashboard/book/12');
    expect(toast.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await waitFor(() => expect(countCalls()).toBeGreaterThan(before));

    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/book/12'));
  });

  it('when Close is clicked, then the toast goes away', async () => {
    storeSession(buildSession({ user_id: 7 }));
    stubNotificationCalls();
    renderApp('/dashboard/notifications');
    await waitFor(() => expect(latest().handlers.has('userevent-7')).toBe(true));
    act(() => latest().serverEmit('userevent-7', buildNotificationEvent({ id: 99, name: null, image: null })));
    const toast = within(await screen.findByTestId('notification-toast'));
    expect(toast.getByText('N/A')).toBeInTheDocument();
    await userEvent.setup().click(toast.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument());
  });

  it('when another user’s event name or a malformed payload arrives, then nothing is shown', async () => {
    storeSession(buildSession({ user_id: 7 }));
    stubNotificationCalls();
    renderApp('/dashboard/notifications');
    await waitFor(() => expect(latest().handlers.has('userevent-7')).toBe(true));
    act(() => {
      latest().serverEmit('userevent-8', buildNotificationEvent());
      latest().serverEmit('userevent-7', { message: 'no id' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument();
  });

  it('when the session ends (logout), then the socket is disconnected; a new token opens a new connection', async () => {
    storeSession(buildSession({ user_id: 7, token: 'first-token' }));
    stubNotificationCalls();
    renderApp('/dashboard/notifications');
    await waitFor(() => expect(sockets.created).toHaveLength(1));
    const first = latest();

    act(() => setSession(buildSession({ user_id: 7, token: 'second-token' })));
    await waitFor(() => expect(sockets.created).toHaveLength(2));
    expect(first.disconnect).toHaveBeenCalledOnce();
    expect(sockets.created[1]!.options).toEqual({ path: '/socket.io', auth: { token: 'second-token' } });

    const second = latest();
    act(() => clearSession());
    await waitFor(() => expect(second.disconnect).toHaveBeenCalledOnce());
    expect(sockets.created).toHaveLength(2);
  });
});
