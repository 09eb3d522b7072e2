import { z } from 'zod';
import { defineRoute, errorResponses, MAX_INT, paginated, pageQuerySchema } from './common.js';

/**
 * Stored notifications and their realtime push (000 §2 Notifications page, §3 Notification, §7; PRODUCT §4
 * "Notifications"; issue 6).
 *
 * Decisions (where the seeds and PRODUCT are silent):
 * - `listofnotification` answers the Laravel paginator (PRODUCT §3 paged lists, 20 a page), newest first;
 *   the seed's client reads `data`, which is the rows. Each row carries `read_at` (null while unread).
 * - `unread-notifications-count` and `mark-notifications-read` are our names (the seeds' badge is a fixed 0).
 *   Marking takes `ids[]` (only the caller's own are touched; other ids are ignored) or `all` = 1.
 * - Every route sees only the caller's own notifications, admins included (PRODUCT §4 scope).
 * - The push: Socket.IO at `/socket.io`, authenticated by the bearer token (`auth.token` of the handshake or an
 *   `Authorization: Bearer` header). A socket joins only `userchannel-{user_id}` and receives
 *   `userevent-{user_id}` with {id, name, message, image, src, created_at}: name and image are the sender's
 *   when sent, src the booking id (the page links to /dashboard/book/{src}).
 * - Who is told (one stored row each, then the push; after the use case committed; a failure to notify is logged
 *   and never fails the request):
 *   - an agent's new booking: every active admin ('Al-Haram Travels booked 2 seats on PNR ABC123'; the agent is
 *     named by its agency);
 *   - an admin's booking for an agent: that agent; an admin's walk-in sale: nobody (other admins see it in the
 *     lists; telling them of each other's counter sales would be noise);
 *   - confirm, cancel, hold-time change, payment added / edited / deleted on an agent's booking: that agent, with
 *     the booking number, PNR and, for payments, the amount;
 *   - a booking that becomes ticketed (every passenger has an e-ticket number, PRODUCT §6, decision 031): its agent
 *     ('Your booking #12 (PNR ABC123) is ticketed');
 *   - at a group's name deadline (PRODUCT §6, decision 030): the agent of each hold cancelled for missing names
 *     ('The name deadline of PNR ABC123 passed with names missing, so your booking #12 was cancelled'), and every
 *     active admin of each confirmed booking still missing names ('The name deadline of PNR ABC123 passed:
 *     confirmed booking #12 still misses 2 names');
 *   - nobody is told of their own action (an agent cancelling its own hold tells nobody), and an Idempotency-Key
 *     replay of add-booking tells nobody again. Holds the server cancels itself (the sweeper) tell nobody yet.
 */

// ---- Texts ---------------------------------------------------------------------------------------------------

export const NOTIFICATIONS_MARKED_READ_MESSAGE = 'Notifications marked as read.';
export const MARK_READ_REQUIRED_MESSAGE = 'The ids field is required when all is not present.';
/** 000 §8 empty state of the Notifications page. */
export const NO_NOTIFICATION_TEXT = 'No Notification found';
/** 000 §3: missing fields of a notification display this. */
export const NOTIFICATION_MISSING_TEXT = 'N/A';

// ---- Realtime ------------------------------------------------------------------------------------------------

export const REALTIME_PATH = '/socket.io';
/** The room a user's sockets join (000 §7). */
export const userChannel = (userId: number) => `userchannel-${userId}`;
/** The event pushed on that room (000 §7). */
export const userEvent = (userId: number) => `userevent-${userId}`;

/** What a socket receives on `userevent-{user_id}`. */
export const notificationEventSchema = z.object({
  id: z.number().int(),
  /** The sender's name when sent. */
  name: z.string().nullable(),
  message: z.string().nullable(),
  /** Absolute URL of the sender's picture when sent, if it had one. */
  image: z.string().nullable(),
  /** The booking id (/dashboard/book/{src}). */
  src: z.number().int().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

// ---- Answers -------------------------------------------------------------------------------------------------

export const notificationSchema = notificationEventSchema.extend({
  /** ISO 8601 when the user marked it read (opened the Notifications page); null while unread. */
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = paginated(notificationSchema);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const unreadCountResponseSchema = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const markReadResponseSchema = z.object({
  message: z.string(),
  /** The caller's unread count after marking. */
  count: z.number().int(),
});
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

// ---- Requests ------------------------------------------------------------------------------------------------

const idItem = z.coerce
  .number({ error: 'Each id must be a number.' })
  .int({ error: 'Each id must be a number.' })
  .min(1, { error: 'Each id must be a number.' })
  .max(MAX_INT, { error: 'Each id must be a number.' });

const allFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: 'The all field must be 1 or 0.' })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** POST mark-notifications-read: `ids[]` (JSON: ids) or `all` = 1. */
export const markReadBodySchema = z
  .object({
    // A form with one `ids` (without []) sends a plain value; it counts as a list of one.
    ids: z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(idItem).max(1000)).optional(),
    all: allFlag.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.all && (body.ids === undefined || body.ids.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: MARK_READ_REQUIRED_MESSAGE });
    }
  });
export type MarkReadBody = z.output<typeof markReadBodySchema>;
export type MarkReadInput = z.input<typeof markReadBodySchema>;

// ---- Routes --------------------------------------------------------------------------------------------------

export const listNotificationsRoute = defineRoute({
  method: 'GET',
  path: '/listofnotification',
  summary: "The caller's notifications, newest first, 20 a page (Laravel paginator; `data` holds the rows)",
  tags: ['notifications'],
  access: 'user',
  querystring: pageQuerySchema,
  response: { 200: notificationListResponseSchema, ...errorResponses },
});

export const unreadNotificationsCountRoute = defineRoute({
  method: 'GET',
  path: '/unread-notifications-count',
  summary: "How many of the caller's notifications are unread (the header badge)",
  tags: ['notifications'],
  access: 'user',
  response: { 200: unreadCountResponseSchema, ...errorResponses },
});

export const markNotificationsReadRoute = defineRoute({
  method: 'POST',
  path: '/mark-notifications-read',
  summary: "Marks the given ids (the caller's own only; others are ignored) or all of the caller's notifications read",
  tags: ['notifications'],
  access: 'user',
  body: markReadBodySchema,
  response: { 200: markReadResponseSchema, ...errorResponses },
});
