import type { Transaction } from '../database.js';
import { hashPassword } from '../../lib/password.js';
import { banners } from '../../modules/banners/banners.table.js';
import { dashboardButtons } from '../../modules/dashboard-buttons/dashboard-buttons.table.js';
import { emailOutbox } from '../../modules/emails/emails.table.js';
import { nextAgentIdSql, users } from '../../modules/users/users.table.js';
import { getKarachiDate } from './calendar.js';
import { DEMO_AGENTS, type DemoAgent } from './demo-catalogue.js';
import { insertDemoBookings, type DemoPerson } from './demo-bookings.js';
import { insertDemoInventory } from './demo-inventory.js';
import { readDemoImage } from './demo-images.js';
import { createPng } from './png.js';
import { createRandom } from './random.js';
import { storeSeedFile, type SeedFileTarget } from './seed-files.js';

/** PRODUCT §2: the documented demo agent signs in with agent@example.com / Agent@12345. */
export const DEMO_AGENT_PASSWORD = 'Agent@12345';
/** Fixed, so every demo database has the same PNRs, prices and names; only the dates follow today. */
const DEMO_RANDOM_SEED = 20_250_301;
const DAY = 86_400_000;

const DEMO_BUTTONS = [
  { key: 'umrah', title: 'Umrah Groups', target: 'umrah-groups', colours: ['#0B6E4F', '#C9A227'] },
  { key: 'saudi', title: 'Saudi Arabia', target: 'saudi-arabia', colours: ['#006C35', '#A6CE39'] },
  { key: 'uae', title: 'UAE', target: 'uae', colours: ['#D71921', '#0E7490'] },
] as const;

/**
 * Keys as in demo-images.ts DEMO_BANNER_DESIGNS; the name is the image's alt text and the popup's title. Inserted
 * in this order, so the last (Umrah from Lahore, the wholesaler's main offer) is the newest: first in the carousel
 * and the banner popup's choice.
 */
const DEMO_BANNERS = [
  { key: 'dubai-weekend', name: 'Dubai Group Deals', button: 'uae' },
  { key: 'riyadh-dammam', name: 'Riyadh & Dammam Fares', button: 'saudi' },
  { key: 'ramadan-early-bird', name: 'Ramadan Umrah Early Bird', button: 'umrah' },
  { key: 'umrah-season', name: 'Umrah Season Groups', button: 'umrah' },
] as const;

export interface DemoDataOptions {
  tx: Transaction;
  admin: DemoPerson;
  files: SeedFileTarget;
  now: Date;
  holdWindowMinutes: number;
}

export interface DemoDataSummary {
  agents: number;
  groups: number;
  bookings: number;
}

/** Loads the demo data (PRODUCT §2 SEED_DEMO) inside the caller's transaction; the caller checked the database is empty. */
export async function insertDemoData({ tx, admin, files, now, holdWindowMinutes }: DemoDataOptions): Promise<DemoDataSummary> {
  const random = createRandom(DEMO_RANDOM_SEED);
  const today = getKarachiDate(now);

  const agents = new Map<DemoAgent['key'], DemoPerson>();
  for (const [index, agent] of DEMO_AGENTS.entries()) {
    const approved = agent.activeStatus === 'approved';
    const createdAt = new Date(now.getTime() - (45 - index * 6) * DAY);
    const [row] = await tx
      .insert(users)
      .values({
        role: 'user',
        // Agent numbers come from agent_id_seq (1001, 1002, ...) as for every agent the app creates.
        agentId: nextAgentIdSql,
        name: agent.name,
        email: agent.email,
        // Registration carries no password (PRODUCT §4); only accepted agents have one.
        passwordHash: approved ? await hashPassword(DEMO_AGENT_PASSWORD) : null,
        activeStatus: agent.activeStatus,
        whatsappPhone: approved ? agent.phone : null,
        whatsappVerifiedAt: approved ? new Date(createdAt.getTime() + DAY) : null,
        agencyName: agent.agencyName,
        propriterName: agent.name,
        phone: agent.phone,
        officeNo: agent.officeNo,
        officeAddress: agent.officeAddress,
        city: agent.city,
        country: 'Pakistan',
        source: agent.source,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: users.id });
    agents.set(agent.key, { id: row!.id, name: agent.name, agencyName: agent.agencyName });
  }

  const inventory = await insertDemoInventory({ tx, random, files, adminId: admin.id, today, now });
  const bookingCount = await insertDemoBookings({
    tx,
    random,
    files,
    admin,
    agents,
    groups: inventory.groups,
    now,
    holdWindowMinutes,
  });

  const buttonIds = new Map<string, number>();
  for (const button of DEMO_BUTTONS) {
    const imageFileId = await storeSeedFile(tx, files, {
      kind: 'button',
      name: button.key,
      bytes: createPng({ width: 96, height: 96, colour: button.colours[0], accent: button.colours[1] }),
    });
    const [row] = await tx
      .insert(dashboardButtons)
      .values({ title: button.title, target: button.target, imageFileId, status: true })
      .returning({ id: dashboardButtons.id });
    buttonIds.set(button.key, row!.id);
  }
  for (const banner of DEMO_BANNERS) {
    const imageFileId = await storeSeedFile(tx, files, {
      kind: 'banner',
      name: banner.key,
      // Real promotions with readable text, rendered once and committed (demo-images.ts, decision 021).
      bytes: await readDemoImage(`banner-${banner.key}.jpg`),
      format: 'jpeg',
    });
    await tx.insert(banners).values({ dashBtnId: buttonIds.get(banner.button)!, name: banner.name, imageFileId, status: true });
  }

  // A few outbox rows so the Emails page (PRODUCT §5) has history; none carries a password.
  const pending = DEMO_AGENTS.find((agent) => agent.activeStatus === 'pending')!;
  const rejected = DEMO_AGENTS.find((agent) => agent.activeStatus === 'rejected')!;
  const sentAt = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  await tx.insert(emailOutbox).values([
    {
      to: pending.email,
      subject: 'We received your registration',
      text: `Dear ${pending.name},\n\nThank you for registering ${pending.agencyName}. Our team will call you to verify your details; your login details will follow by e-mail.\n\nGroup Fares`,
      status: 'sent',
      attempts: 1,
      sentAt: sentAt(21),
      createdAt: sentAt(21),
      nextAttemptAt: sentAt(21),
    },
    {
      to: rejected.email,
      subject: 'Your registration was not approved',
      text: `Dear ${rejected.name},\n\nWe could not approve the registration of ${rejected.agencyName}. Please contact us if you think this is a mistake.\n\nGroup Fares`,
      status: 'sent',
      attempts: 1,
      sentAt: sentAt(14),
      createdAt: sentAt(14),
      nextAttemptAt: sentAt(14),
    },
  ]);

  return { agents: agents.size, groups: inventory.groups.length, bookings: bookingCount };
}
