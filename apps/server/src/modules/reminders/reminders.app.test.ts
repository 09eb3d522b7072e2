import { formatKarachiDateTime } from '@portal/contract/auth';
import { userEvent, type NotificationEvent } from '@portal/contract/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { connectSocket, type TestSocket } from '../../test/realtime-client.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { users } from '../users/users.table.js';
import { deadlineIn, insertGroupWithDeadlines } from './reminders.fixtures.js';

/**
 * The reminders as main.ts runs them (decision 036): the deadline-reminders job in the app on the real clock, the
 * mail dispatcher sending through SMTP_URL (a real SMTP server on loopback), realtime on a listening server. A
 * deadline coming into its 48-hour window reaches the admin's open socket, the Notifications list and the mailbox.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let socket: TestSocket;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url }, deadlineReminders: { intervalMs: 300, firstTickMs: 0 }, mailDispatcher: { intervalMs: 300 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = (await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.id;
  socket = await connectSocket(`http://127.0.0.1:${address.port}`, { token: adminToken });
}, 60_000);
afterAll(async () => {
  socket?.close();
  await t?.close();
  await smtp?.close();
});

describe('the deadline-reminders job in the running app', () => {
  it('when a group gets a deadline 47 hours ahead, then the admin is told on the open socket, in the Notifications list and by e-mail, once', async () => {
    const deadline = deadlineIn(47);
    const group = await insertGroupWithDeadlines(t.db, { deposit: deadline });
    const message = `Reminder: the deposit deadline of PNR ${group.pnr} (Test Airways) is ${formatKarachiDateTime(deadline)}, in 47 hours: nothing missing`;

    const pushed = (await socket.waitFor(userEvent(adminId), 30_000)) as NotificationEvent;
    expect(pushed).toMatchObject({ name: 'System', message, src: null });
    const mail = await smtp.waitForMessage((m) => m.to.includes(ADMIN_EMAIL) && m.subject.includes(group.pnr), 30_000);
    expect(mail.subject).toBe(`Reminder: deposit deadline of PNR ${group.pnr} on ${formatKarachiDateTime(deadline)}`);

    const list = await t.app.inject({ method: 'GET', url: '/api/listofnotification', headers: bearer(adminToken) });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: NotificationEvent[] }).data.filter((row) => row.message === message)).toHaveLength(1);
    // The header badge counts it (the only notification of this admin).
    const count = await t.app.inject({ method: 'GET', url: '/api/unread-notifications-count', headers: bearer(adminToken) });
    expect(count.json()).toEqual({ count: 1 });

    // Further ticks of the job send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(socket.events.filter(([name]) => name === userEvent(adminId))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes(ADMIN_EMAIL) && m.subject.includes(group.pnr))).toHaveLength(1);
  }, 90_000);
});
