import type { Paginated } from '@portal/contract/common';
import { notificationEventSchema, notificationSchema, type Notification, type NotificationEvent } from '@portal/contract/notifications';
import { vi } from 'vitest';

export function buildNotificationEvent(overrides: Partial<NotificationEvent> = {}): NotificationEvent {
  return notificationEventSchema.parse({
    id: 41,
    name: 'Imran Qureshi',
    message: 'Al-Haram Travels booked 2 seats on PNR ABC123',
    image: 'http://localhost:8080/uploads/public/user_image/imran.png',
    src: 12,
    created_at: '2026-11-23T05:00:00.000Z',
    ...overrides,
  });
}

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return notificationSchema.parse({ ...buildNotificationEvent(), read_at: null, ...overrides });
}

export function buildNotificationsPage(rows: Notification[], { hasNext = false } = {}): Paginated<Notification> {
  return {
    data: rows,
    current_page: 1,
    per_page: 20,
    total: rows.length,
    last_page: 1,
    prev_page_url: null,
    next_page_url: hasNext ? '/api/listofnotification?page=2' : null,
  };
}

/**
 * A stand-in for socket.io-client's socket (vi.mock('socket.io-client')): records the handlers the app
 * subscribes and lets a test emit server events into them.
 */
export function createFakeSocket() {
  const handlers = new Map<string, Array<(payload: unknown) => void>>();
  return {
    handlers,
    on: vi.fn((event: string, handler: (payload: unknown) => void) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    }),
    removeAllListeners: vi.fn(() => handlers.clear()),
    disconnect: vi.fn(),
    /** What the server would push. */
    serverEmit(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
}
export type FakeSocket = ReturnType<typeof createFakeSocket>;
