import type { FastifyBaseLogger } from 'fastify';
import type { NotificationRow } from './notifications.table.js';

/**
 * Who is told what (PRODUCT §4 Notifications): a notification is stored per recipient and pushed on
 * userchannel-{user_id} / userevent-{user_id} as {name, message, image, src}. Routes call the notifier
 * after their use case has committed; a failure to notify is logged, never turned into a failed request
 * (notifySafely).
 */
export interface NotifyInput {
  /** The user whose action it is (name and image of the notification); null for the system. */
  senderUserId: number | null;
  /** The booking the notification links to (src). */
  bookingId: number | null;
  message: string;
}

/**
 * A booking event a route reports once its use case has returned. The notifier looks the booking (and the
 * payment) up itself, decides who is told, and words the message.
 */
export type BookingNotice =
  | { kind: 'confirmed' | 'cancelled' | 'hold_changed' | 'hold_expired' | 'ticketed'; bookingId: number }
  /** add-booking stores its own notifications with the booking (decision 051); this reads the booking. */
  | { kind: 'booked'; bookingId: number }
  | { kind: 'payment_added'; bookingId: number; amount: number }
  /** PRODUCT §6, the name-deadline job: a hold still missing names was cancelled (its agent is told). */
  | { kind: 'names_deadline_cancelled'; bookingId: number }
  /** PRODUCT §6, the name-deadline job: a confirmed booking still misses `missing` names (admins are told). */
  | { kind: 'names_deadline_missing'; bookingId: number; missing: number }
  | { kind: 'payment_edited' | 'payment_deleted'; paymentId: number };

export interface Notifier {
  /** Tells these users (one stored row each, one push each). */
  notifyUsers(input: NotifyInput & { userIds: number[] }): Promise<void>;
  /** Tells every active administrator. */
  notifyAdmins(input: NotifyInput): Promise<void>;
  /** Tells the agent whose number (users.agent_id, 'Agent-1001') this is, if there is one. */
  notifyAgent(input: NotifyInput & { agentId: number | null }): Promise<void>;
  /**
   * PRODUCT §4: a new booking by an agent tells every active admin; a booking an admin makes for an agent,
   * and confirm, cancel, payment added/edited/deleted and hold changes on an agent's booking tell that agent.
   * Nobody is told of their own action; walk-in sales tell nobody. `actorUserId` null is the server itself
   * (the hold sweeper: 'hold_expired' tells the agent whose hold ran out).
   */
  notifyBookingEvent(input: { actorUserId: number | null; notice: BookingNotice }): Promise<void>;
  /**
   * Pushes notifications a use case stored itself, in the transaction that decided them (the deadline reminders,
   * decision 036); call it after that transaction committed. A failed push is logged per row.
   */
  pushStored(rows: NotificationRow[]): void;
}

/** Tells nobody (the app before realtime is registered, and tests that need no pushes). */
export const silentNotifier: Notifier = {
  notifyUsers: async () => undefined,
  notifyAdmins: async () => undefined,
  notifyAgent: async () => undefined,
  notifyBookingEvent: async () => undefined,
  pushStored: () => undefined,
};

/**
 * Runs a notification after the request's own work is done: the change has committed, so a failure here
 * (database, Redis) is logged and the caller still gets its success answer (PRODUCT §4, issue 6).
 */
export async function notifySafely(log: FastifyBaseLogger, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    log.error({ err: error }, 'could not send a notification');
  }
}
