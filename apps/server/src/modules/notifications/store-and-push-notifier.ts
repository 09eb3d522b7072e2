import type { NotificationEvent } from '@portal/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { notificationsScope } from '../../plugins/change-scopes.js';
import { withChangeScopes } from '../../plugins/data-changes.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import { planBookingNotice } from './booking-notices.js';
import {
  findActiveAdminIds,
  findSender,
  findSenderAndActiveAdminIds,
  findUserIdByAgentId,
  insertNoticeForLiveUsers,
  type NotificationSender,
} from './notifications.repository.js';
import type { NotificationRow } from './notifications.table.js';
import { toNotificationEvent } from './notifications.usecases.js';
import type { Notifier, NotifyInput } from './notifier.js';

/** The server itself as a sender (the hold sweeper): no user row; stored notifications name it 'System'. */
const SYSTEM_SENDER: NotificationSender = { id: 0, role: 'admin', name: 'System', agencyName: null, imagePath: null };

/** Delivers one stored notification to the sockets of its user (plugins/realtime.ts: room userchannel-{id}). */
export type PushNotification = (userId: number, event: NotificationEvent) => void;

/**
 * The real notifier (PRODUCT §4 Notifications): one stored row per recipient, then one push per row. The row
 * is written first, so a user whose socket was down still finds it on the Notifications page; a failed push
 * is logged per user and does not stop the others.
 */
export function createStoreAndPushNotifier({
  db,
  publicUrl,
  push,
  logger,
}: {
  db: Database;
  publicUrl: string;
  push: PushNotification;
  logger: FastifyBaseLogger;
}): Notifier {
  /**
   * `knownSender`: the sender's row when the caller has just read it (a booking event), to skip reading it again.
   * The recipients that no longer exist are left out by the insert itself (insertNoticeForLiveUsers).
   */
  async function notifyUsers({ userIds, senderUserId, bookingId, message }: NotifyInput & { userIds: number[] }, knownSender?: NotificationSender): Promise<void> {
    const recipients = [...new Set(userIds)].filter((id) => id !== senderUserId);
    if (recipients.length === 0) return;
    const sender =
      senderUserId === null ? undefined : knownSender?.id === senderUserId ? knownSender : await findSender({ db, userId: senderUserId });
    // Name and picture as they are now: a later rename does not rewrite old notifications (000 §3).
    const image = sender?.imagePath ? getPublicFileUrl({ publicUrl, storagePath: sender.imagePath }) : null;
    const rows = await insertNoticeForLiveUsers({
      db,
      userIds: recipients,
      notice: { senderUserId, bookingId, name: sender?.name ?? 'System', message, image },
    });
    pushStored(rows);
  }

  function pushStored(rows: NotificationRow[]): void {
    for (const row of rows) {
      try {
        // The push tells the caches that data changed (plugins/realtime.ts): only this user's notifications did.
        withChangeScopes([notificationsScope(row.userId)], () => push(row.userId, toNotificationEvent(row)));
      } catch (error) {
        logger.error({ err: error, userId: row.userId }, 'could not push a notification');
      }
    }
  }

  return {
    notifyUsers: (input) => notifyUsers(input),
    pushStored,
    async notifyAdmins(input) {
      await notifyUsers({ ...input, userIds: await findActiveAdminIds({ db }) });
    },
    async notifyAgent({ agentId, ...input }) {
      const userId = agentId === null ? undefined : await findUserIdByAgentId({ db, agentId });
      if (userId !== undefined) await notifyUsers({ ...input, userIds: [userId] });
    },
    async notifyBookingEvent({ actorUserId, notice }) {
      // Decision 046: a new booking tells the admins when an agent made it, so they are read with the sender.
      const found =
        actorUserId === null
          ? { sender: SYSTEM_SENDER, activeAdminIds: undefined }
          : notice.kind === 'booked'
            ? await findSenderAndActiveAdminIds({ db, userId: actorUserId })
            : { sender: await findSender({ db, userId: actorUserId }), activeAdminIds: undefined };
      const sender = found?.sender;
      if (!sender) return;
      const plan = await planBookingNotice({ db, sender, notice, activeAdminIds: found.activeAdminIds });
      if (!plan || plan.recipients.length === 0) return;
      await notifyUsers(
        {
          userIds: plan.recipients,
          senderUserId: actorUserId === null ? null : sender.id,
          bookingId: plan.bookingId,
          message: plan.message,
        },
        sender,
      );
    },
  };
}
