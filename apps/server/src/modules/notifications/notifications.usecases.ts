import type { MarkReadBody, Notification, NotificationEvent } from '@portal/contract/notifications';
import type { Paginated } from '@portal/contract/common';
import type { Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { countUnreadNotifications, findNotificationsPage, markNotificationsRead } from './notifications.repository.js';
import type { NotificationRow } from './notifications.table.js';

/** What a socket receives and what the list shows (contract notifications.ts). */
export function toNotificationEvent(row: NotificationRow): NotificationEvent {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    image: row.image,
    src: row.bookingId,
    created_at: row.createdAt.toISOString(),
  };
}

function toNotification(row: NotificationRow): Notification {
  return { ...toNotificationEvent(row), read_at: row.readAt ? row.readAt.toISOString() : null };
}

/** GET listofnotification: the caller's own, newest first (PRODUCT §4 scope). */
export async function getNotificationsPage({
  db,
  userId,
  pageRequest,
}: {
  db: Executor;
  userId: number;
  pageRequest: PageRequest;
}): Promise<Paginated<Notification>> {
  const { rows, total } = await findNotificationsPage({
    db,
    userId,
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return toPaginated({ rows: rows.map(toNotification), total, pageRequest });
}

export async function getUnreadCount({ db, userId }: { db: Executor; userId: number }): Promise<number> {
  return countUnreadNotifications({ db, userId });
}

/** POST mark-notifications-read: ids of other users match nothing (no error, nothing told); answers the new count. */
export async function markRead({
  db,
  userId,
  input,
  now = new Date(),
}: {
  db: Executor;
  userId: number;
  input: MarkReadBody;
  now?: Date;
}): Promise<number> {
  await markNotificationsRead({ db, userId, ids: input.all ? undefined : input.ids, now });
  return countUnreadNotifications({ db, userId });
}
