import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { files } from '../files/files.table.js';
import { users } from '../users/users.table.js';
import { findActiveAdminIds, findSender, findSenderAndActiveAdminIds, insertNoticeForLiveUsers, insertNotifications } from './notifications.repository.js';
import { notifications } from './notifications.table.js';

// Decision 046: after an agent's booking the notifier reads its sender and the active admins in one statement, and
// stores the admins' rows with a statement prepared once per row count.

let t: TestApp;
let agentId: number;
let deletedId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await insertUserWithToken(t.db, { role: 'admin', name: 'Batch Admin' });
  const pending = await insertUserWithToken(t.db, { role: 'admin', name: 'Pending Admin' });
  await t.db.update(users).set({ activeStatus: 'pending' }).where(eq(users.id, pending.user.id));
  const inactive = await insertUserWithToken(t.db, { role: 'admin', name: 'Inactive Admin' });
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
  const deleted = await insertUserWithToken(t.db, { role: 'admin', name: 'Deleted Admin' });
  await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
  deletedId = deleted.user.id;
  const agent = await insertUserWithToken(t.db, { name: 'Batch Agent', agencyName: 'Batch Travels' });
  agentId = agent.user.id;
  const [image] = await t.db
    .insert(files)
    .values({ kind: 'user_image', storagePath: 'public/user_image/batch-1.png', originalName: 'me.png', mime: 'image/png', size: 10, visibility: 'public' })
    .returning({ id: files.id });
  await t.db.update(users).set({ imageFileId: image!.id }).where(eq(users.id, agentId));
});
afterAll(() => t.close());

describe('findSenderAndActiveAdminIds', () => {
  it('when an agent with a picture sends, then its sender row and the active admins, as the two look-ups read them', async () => {
    const found = await findSenderAndActiveAdminIds({ db: t.db, userId: agentId });
    expect(found).toEqual({ sender: await findSender({ db: t.db, userId: agentId }), activeAdminIds: await findActiveAdminIds({ db: t.db }) });
    expect(found!.sender).toMatchObject({ agencyName: 'Batch Travels', imagePath: 'public/user_image/batch-1.png' });
    expect(found!.activeAdminIds.length).toBeGreaterThanOrEqual(2);
    // Read again: the statement prepared by the first call answers the same.
    expect(await findSenderAndActiveAdminIds({ db: t.db, userId: agentId })).toEqual(found);
  });

  it('when the sender does not exist, then undefined', async () => {
    expect(await findSenderAndActiveAdminIds({ db: t.db, userId: 987_654 })).toBeUndefined();
  });
});

describe('insertNotifications', () => {
  it.each([1, 3, 3, 9])('when %i rows are stored, then they come back as stored, in order, with their ids and times', async (count) => {
    const admins = await findActiveAdminIds({ db: t.db });
    const rows = Array.from({ length: count }, (_, index) => ({
      userId: admins[index % admins.length]!,
      senderUserId: index % 2 === 0 ? agentId : null,
      bookingId: null,
      name: `Sender ${index}`,
      message: `Message ${index} of ${count}`,
      image: index % 3 === 0 ? '/uploads/public/user_image/batch-1.png' : null,
    }));
    const stored = await insertNotifications({ db: t.db, rows });
    expect(stored.map(({ userId, senderUserId, bookingId, name, message, image }) => ({ userId, senderUserId, bookingId, name, message, image }))).toEqual(rows);
    for (const row of stored) {
      const [read] = await t.db.select().from(notifications).where(eq(notifications.id, row.id));
      expect(read).toEqual(row);
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.readAt).toBeNull();
    }
  });
});

describe('insertNoticeForLiveUsers', () => {
  it('when a notice goes to users of whom one is deleted and one unknown, then one row for each other, in the order given, as stored', async () => {
    const admins = await findActiveAdminIds({ db: t.db });
    const userIds = [agentId, deletedId, 987_654, ...[...admins].reverse()];
    const notice = { senderUserId: agentId, bookingId: null, name: 'Batch Travels', message: 'A notice to the live ones', image: '/uploads/public/user_image/batch-1.png' };
    const stored = await insertNoticeForLiveUsers({ db: t.db, userIds, notice });
    expect(stored.map((row) => row.userId)).toEqual([agentId, ...[...admins].reverse()]);
    for (const row of stored) {
      expect(row).toMatchObject({ ...notice, readAt: null });
      const [read] = await t.db.select().from(notifications).where(eq(notifications.id, row.id));
      expect(read).toEqual(row);
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    // Read again: the statement prepared by the first call answers the same way.
    const again = await insertNoticeForLiveUsers({ db: t.db, userIds: [deletedId, agentId], notice: { ...notice, senderUserId: null, image: null } });
    expect(again.map((row) => ({ userId: row.userId, senderUserId: row.senderUserId, image: row.image }))).toEqual([{ userId: agentId, senderUserId: null, image: null }]);
  });

  it('when every user is deleted or unknown, then nothing is stored', async () => {
    const before = await t.db.$count(notifications);
    expect(await insertNoticeForLiveUsers({ db: t.db, userIds: [deletedId, 987_654], notice: { senderUserId: null, bookingId: null, name: 'System', message: 'Nobody', image: null } })).toEqual([]);
    expect(await t.db.$count(notifications)).toBe(before);
  });
});
