import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { fixedStatement, preparedStatement, runFixedStatement } from '../../lib/prepared.js';
import { bookings } from '../bookings/bookings.table.js';
import { files } from '../files/files.table.js';
import { groups } from '../groups/groups.table.js';
import { payments } from '../payments/payments.table.js';
import { users } from '../users/users.table.js';
import { notifications, type NewNotificationRow, type NotificationRow } from './notifications.table.js';

/**
 * Queries of stored notifications (issue 6). The notifier reads bookings and payments here itself, after the
 * other modules' use cases have committed, so it never changes what they return.
 */

/** Above this many recipients the insert is built for its call (prepared statements are one per row count). */
const PREPARED_INSERT_MAX_ROWS = 8;

const INSERT_FIELDS = ['userId', 'senderUserId', 'bookingId', 'name', 'message', 'image'] as const;

export async function insertNotifications({
  db,
  rows,
}: {
  db: Executor;
  rows: Array<Pick<NewNotificationRow, (typeof INSERT_FIELDS)[number]>>;
}): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  if (rows.length > PREPARED_INSERT_MAX_ROWS) return db.insert(notifications).values(rows).returning();
  // Decision 046: every booking of an agent tells the admins, a few rows each time: one prepared statement per row
  // count, so the insert's SQL is built once per database handle rather than on every booking.
  const name = `notifications_insert_${rows.length}`;
  const query = preparedStatement(db, name, (on) =>
    on
      .insert(notifications)
      .values(
        rows.map((_, index) => ({
          userId: sql.placeholder(`userId${index}`),
          senderUserId: sql.placeholder(`senderUserId${index}`),
          bookingId: sql.placeholder(`bookingId${index}`),
          name: sql.placeholder(`name${index}`),
          message: sql.placeholder(`message${index}`),
          image: sql.placeholder(`image${index}`),
        })),
      )
      .returning()
      .prepare(name),
  );
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    for (const field of INSERT_FIELDS) values[`${field}${index}`] = row[field] ?? null;
  });
  return query.execute(values);
}

/** The caller's notifications, newest first (ties: the later id first). */
export async function findNotificationsPage({
  db,
  userId,
  limit,
  offset,
}: {
  db: Executor;
  userId: number;
  limit: number;
  offset: number;
}): Promise<{ rows: NotificationRow[]; total: number }> {
  const page = preparedStatement(db, 'notifications_page', (on) =>
    on
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('notifications_page'),
  );
  const counted = preparedStatement(db, 'notifications_count', (on) =>
    on
      .select({ value: count() })
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .prepare('notifications_count'),
  );
  const rows = await page.execute({ userId, limit, offset });
  const [total] = await counted.execute({ userId });
  return { rows, total: Number(total?.value ?? 0) };
}

export async function countUnreadNotifications({ db, userId }: { db: Executor; userId: number }): Promise<number> {
  const query = preparedStatement(db, 'notifications_unread_count', (on) =>
    on
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
      .prepare('notifications_unread_count'),
  );
  const [row] = await query.execute({ userId });
  return Number(row?.value ?? 0);
}

/** Marks the user's unread notifications read: those of `ids` (others' ids match nothing), or all when ids is undefined. */
export async function markNotificationsRead({
  db,
  userId,
  ids,
  now,
}: {
  db: Executor;
  userId: number;
  ids: number[] | undefined;
  now: Date;
}): Promise<void> {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(ids === undefined ? own : and(own, inArray(notifications.id, ids)));
}

/** An administrator who may sign in: approved, active, not deleted. */
export function isActiveAdmin(table: Record<'role' | 'activeStatus' | 'isActive' | 'deletedAt', AnyPgColumn>) {
  return and(eq(table.role, 'admin'), eq(table.activeStatus, 'approved'), eq(table.isActive, true), isNull(table.deletedAt));
}

/** Administrators who may sign in (PRODUCT §4: "admins are told"), with what an e-mail to them needs. */
export async function findActiveAdmins({ db }: { db: Executor }): Promise<Array<{ id: number; name: string; email: string | null }>> {
  // Prepared once per database handle: every agent's booking tells the admins (decision 039).
  const query = preparedStatement(db, 'notifications_active_admins', (on) =>
    on
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(isActiveAdmin(users))
      .orderBy(users.id)
      .prepare('notifications_active_admins'),
  );
  return query.execute();
}

export async function findActiveAdminIds({ db }: { db: Executor }): Promise<number[]> {
  return (await findActiveAdmins({ db })).map((row) => row.id);
}

/** What every row of one notice holds besides its recipient. */
export type NoticeFields = Pick<NewNotificationRow, 'senderUserId' | 'bookingId' | 'name' | 'message' | 'image'>;

/**
 * One notice stored for each of `userIds` that still exists (a deleted agent is not told), in their order, in one
 * statement: the recipients' check and the insert went as two (decision 069's addendum).
 */
export async function insertNoticeForLiveUsers({ db, userIds, notice }: { db: Executor; userIds: number[]; notice: NoticeFields }): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  type Stored = Omit<NotificationRow, 'readAt' | 'createdAt'> & { readAt: string | null; createdAt: string };
  const [row] = await runFixedStatement<{ notices: Stored[] }>(db, insertNoticeForLiveUsersStatement(db), {
    userIds,
    senderUserId: notice.senderUserId ?? null,
    bookingId: notice.bookingId ?? null,
    name: notice.name,
    message: notice.message,
    image: notice.image ?? null,
  });
  return (row?.notices ?? []).map((stored) => ({
    ...stored,
    readAt: stored.readAt === null ? null : new Date(stored.readAt),
    createdAt: new Date(stored.createdAt),
  }));
}

const insertNoticeForLiveUsersStatement = fixedStatement('notifications_insert_live', () => {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return sql`with notices as (
      insert into ${notifications} (user_id, sender_user_id, booking_id, name, message, image)
      select ${users.id}, ${p('senderUserId', 'int')}, ${p('bookingId', 'int')}, ${p('name', 'text')}, ${p('message', 'text')}, ${p('image', 'text')}
      from unnest(${p('userIds', 'int[]')}) with ordinality as recipient(id, ord)
        join ${users} on ${users.id} = recipient.id and ${users.deletedAt} is null
      order by recipient.ord
      returning *
    )
    select coalesce(json_agg(json_build_object('id', n.id, 'userId', n.user_id, 'senderUserId', n.sender_user_id, 'bookingId', n.booking_id,
        'name', n.name, 'message', n.message, 'image', n.image, 'readAt', n.read_at, 'createdAt', n.created_at) order by n.id), '[]'::json) as notices
    from notices n`;
});

/** The users.id of the agent with this number (users.agent_id). */
export async function findUserIdByAgentId({ db, agentId }: { db: Executor; agentId: number }): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agentId, agentId), eq(users.role, 'user')))
    .limit(1);
  return row?.id;
}

export interface NotificationSender {
  id: number;
  role: 'admin' | 'user';
  name: string;
  agencyName: string | null;
  /** Storage path of the user's public picture, if any. */
  imagePath: string | null;
}

/**
 * Decision 046: the sender of a booking event and the active admins (findActiveAdminIds) in one statement, for the
 * events that tell the admins (an agent's booking): one round trip after the commit instead of two.
 */
export async function findSenderAndActiveAdminIds({
  db,
  userId,
}: {
  db: Executor;
  userId: number;
}): Promise<{ sender: NotificationSender; activeAdminIds: number[] } | undefined> {
  const query = preparedStatement(db, 'notifications_sender_admins', (on) => {
    const admins = alias(users, 'admins');
    const activeAdminIds = on
      .select({ ids: sql<number[]>`coalesce(array_agg(${admins.id} order by ${admins.id}), '{}')`.as('ids') })
      .from(admins)
      .where(isActiveAdmin(admins));
    return on
      .select({
        id: users.id,
        role: users.role,
        name: users.name,
        agencyName: users.agencyName,
        imagePath: files.storagePath,
        activeAdminIds: sql<number[]>`(${activeAdminIds})`,
      })
      .from(users)
      .leftJoin(files, eq(files.id, users.imageFileId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('notifications_sender_admins');
  });
  const [row] = await query.execute({ userId });
  if (!row) return undefined;
  const { activeAdminIds, ...sender } = row;
  return { sender, activeAdminIds: activeAdminIds.map(Number) };
}

export async function findSender({ db, userId }: { db: Executor; userId: number }): Promise<NotificationSender | undefined> {
  // Prepared once per database handle: every booking event reads its sender (decision 039).
  const query = preparedStatement(db, 'notifications_sender', (on) =>
    on
      .select({ id: users.id, role: users.role, name: users.name, agencyName: users.agencyName, imagePath: files.storagePath })
      .from(users)
      .leftJoin(files, eq(files.id, users.imageFileId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('notifications_sender'),
  );
  const [row] = await query.execute({ userId });
  return row;
}

export interface BookingForNotice {
  id: number;
  pnr: string;
  agentUserId: number | null;
  adults: number;
  children: number;
  infants: number;
  cancelAt: Date | null;
}

export async function findBookingForNotice({ db, bookingId }: { db: Executor; bookingId: number }): Promise<BookingForNotice | undefined> {
  const query = preparedStatement(db, 'notifications_booking', (on) =>
    on
      .select({
        id: bookings.id,
        pnr: groups.pnr,
        agentUserId: bookings.agentUserId,
        adults: bookings.adults,
        children: bookings.children,
        infants: bookings.infants,
        cancelAt: bookings.cancelAt,
      })
      .from(bookings)
      .innerJoin(groups, eq(groups.id, bookings.groupId))
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1)
      .prepare('notifications_booking'),
  );
  const [row] = await query.execute({ bookingId });
  return row;
}

/** A payment, deleted or not (a delete notice names the amount that was removed). */
export async function findPaymentForNotice({
  db,
  paymentId,
}: {
  db: Executor;
  paymentId: number;
}): Promise<{ bookingId: number; amount: number } | undefined> {
  const [row] = await db
    .select({ bookingId: payments.bookingId, amount: payments.receiveAmount })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}
