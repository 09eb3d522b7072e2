import { notifications } from '@mantine/notifications';
import { agentListOfBookingsRoute } from '@portal/contract/booking-lifecycle';
import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsCountRoute } from '@portal/contract/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT } from '@/config/constants';
import { clearSession, setSession } from '@/lib/session';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { notifySuccess } from '@/lib/notify';
import { buildNotificationEvent, buildNotificationsPage, createFakeSocket, type FakeSocket } from '../testing/notification-fixtures';
import { NOTIFICATION_TOAST_LIMIT, NOTIFICATION_TOAST_MS } from './notification-toast';

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
  it('when signed in, then the socket connects to /socket.io, WebSocket only (decision 033), with the token and listens to userevent-{user_id} only', async () => {
    storeSession(buildSession({ user_id: 7, token: 'token-of-seven' }));
    stubNotificationCalls();
    renderApp('/dashboard/notifications');
    await waitFor(() => expect(sockets.created).toHaveLength(1));
    expect(sockets.created[0]!.options).toEqual({ path: '/socket.io', auth: { token: 'token-of-seven' }, transports: ['websocket'] });
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
    expect(sockets.created[1]!.options).toEqual({ path: '/socket.io', auth: { token: 'second-token' }, transports: ['websocket'] });

    const second = latest();
    act(() => clearSession());
    await waitFor(() => expect(second.disconnect).toHaveBeenCalledOnce());
    expect(sockets.created).toHaveLength(2);
  });
});

describe('realtime toasts leave the page usable (issue 21 §6, decision 021)', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.useRealTimers());

  const toastTexts = () => screen.queryAllByTestId('notification-toast').map((toast) => within(toast).getAllByText(/PNR/)[0]!.textContent);

  async function signedInWithSocket() {
    storeSession(buildSession({ user_id: 7 }));
    stubNotificationCalls();
    renderApp('/dashboard/notifications');
    await waitFor(() => expect(latest().handlers.has('userevent-7')).toBe(true));
  }

  it('when five events arrive together, then only the newest two show, and they close by themselves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signedInWithSocket();
    act(() => {
      for (let id = 1; id <= 5; id++) {
        latest().serverEmit('userevent-7', buildNotificationEvent({ id, message: `Booking on PNR PNR00${id} confirmed` }));
      }
    });
    await waitFor(() => expect(toastTexts()).toEqual(['Booking on PNR PNR004 confirmed', 'Booking on PNR PNR005 confirmed']));
    expect(NOTIFICATION_TOAST_LIMIT).toBe(2);

    act(() => vi.advanceTimersByTime(NOTIFICATION_TOAST_MS - 500));
    expect(toastTexts()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument());
  });

  it('when the pointer rests on one toast, then only that one stays; the other closes on time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signedInWithSocket();
    act(() => {
      latest().serverEmit('userevent-7', buildNotificationEvent({ id: 1, message: 'Booking on PNR FIRST1 confirmed' }));
      latest().serverEmit('userevent-7', buildNotificationEvent({ id: 2, message: 'Booking on PNR SECND2 cancelled' }));
    });
    await waitFor(() => expect(toastTexts()).toHaveLength(2));
    fireEvent.mouseEnter(screen.getByText('Booking on PNR FIRST1 confirmed').closest('[role="alert"]')!);

    act(() => vi.advanceTimersByTime(NOTIFICATION_TOAST_MS + 500));
    await waitFor(() => expect(toastTexts()).toEqual(['Booking on PNR FIRST1 confirmed']));
  });

  it('when many toasts are asked for at once, then at most TOAST_LIMIT show and the rest wait', async () => {
    await signedInWithSocket();
    act(() => {
      for (let n = 1; n <= 6; n++) notifySuccess(`Saved item ${n}`);
    });
    await waitFor(() => expect(screen.getByText('Saved item 1')).toBeInTheDocument());
    expect(TOAST_LIMIT).toBe(3);
    expect(screen.getAllByText(/^Saved item \d$/)).toHaveLength(TOAST_LIMIT);
  });

  it("when an event arrives on the agent's bookings list, then the list is asked again with the toast", async () => {
    storeSession(buildSession({ user_id: 7, role: 'user' }));
    const fetchMock = stubFetch({
      'GET /api/unread-notifications-count': reply(unreadNotificationsCountRoute, 200, { count: 0 }),
      'GET /api/agnetlistofbookings': reply(agentListOfBookingsRoute, 200, buildPage([])),
    });
    renderApp('/dashboard/bookings');
    await waitFor(() => expect(latest().handlers.has('userevent-7')).toBe(true));
    const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/agnetlistofbookings')).length;
    await waitFor(() => expect(listCalls()).toBe(1));

    act(() => latest().serverEmit('userevent-7', buildNotificationEvent({ message: 'Your booking on PNR ABC123 is confirmed' })));
    expect(await screen.findByTestId('notification-toast')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBe(2));
  });
});
