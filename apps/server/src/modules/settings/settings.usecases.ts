import {
  bankAccountSchema,
  contactDeskSchema,
  type AddAdminBody,
  type AdminSettings,
  type AdminUser,
  type PublicSettings,
  type UpdateAdminBody,
  type UpdateSettingsBody,
} from '@portal/contract/settings';
import { z } from 'zod';
import { readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../../lib/password.js';
import { revokeUserTokens } from '../auth/auth.repository.js';
import { readHoldWindowMinutes } from '../bookings/bookings.repository.js';
import type { UserRow } from '../users/users.table.js';
import {
  createAdminEmailTakenError,
  createAdminNotFoundError,
  createLastActiveAdminError,
  createSelfDeactivateError,
} from './settings.errors.js';
import {
  findAdminUser,
  insertAdminUser,
  isEmailTaken,
  listAdminUsers,
  lockActiveAdminIds,
  readSettingValues,
  updateAdminUser,
  upsertSettingValues,
} from './settings.repository.js';
import { SETTING_DEFAULTS, type SettingKey } from './settings.table.js';

/**
 * Settings (001 §2 Settings; PRODUCT §5; contract settings.ts; issue 7). Every reader falls back to
 * SETTING_DEFAULTS when a row is missing or holds something unusable, so a hand-edited row never breaks the
 * public pages. The hold window is read by add-booking through readHoldWindowMinutes (bookings.repository.ts),
 * so a change here holds for the next agent booking.
 */

const storedDesks = z.array(contactDeskSchema).min(1);
const storedAccounts = z.array(bankAccountSchema).min(1);
const storedEmail = z.string().min(1);

function orDefault<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

async function readPublicSettings(db: Executor): Promise<PublicSettings> {
  const values = await readSettingValues({ db, keys: ['contact_desks', 'bank_accounts', 'support_email'] });
  return {
    contact_desks: orDefault(storedDesks, values.get('contact_desks'), [...SETTING_DEFAULTS.contact_desks]),
    bank_accounts: orDefault(storedAccounts, values.get('bank_accounts'), [...SETTING_DEFAULTS.bank_accounts]),
    support_email: orDefault(storedEmail, values.get('support_email'), SETTING_DEFAULTS.support_email),
  };
}

/** public-settings: what Contact Us and Bank Accounts Details show. */
export async function getPublicSettings({ db }: { db: Executor }): Promise<PublicSettings> {
  return readPublicSettings(db);
}

/** settings (admin): everything the Settings page edits. */
export async function getAdminSettings({ db }: { db: Executor }): Promise<AdminSettings> {
  const [publicSettings, holdWindowMinutes] = [await readPublicSettings(db), await readHoldWindowMinutes({ db })];
  return { hold_window_minutes: holdWindowMinutes, ...publicSettings };
}

/** update-settings (admin): the keys sent, in one transaction; a list replaces the stored one. */
export async function updateSettings({
  db,
  actor,
  input,
  userId,
}: {
  db: Database;
  actor: AuditActor;
  input: UpdateSettingsBody;
  userId: number | null;
}): Promise<AdminSettings> {
  const values: Array<{ key: SettingKey; value: unknown }> = [];
  if (input.hold_window_minutes !== undefined) values.push({ key: 'hold_window_minutes', value: input.hold_window_minutes });
  if (input.contact_desks !== undefined) values.push({ key: 'contact_desks', value: input.contact_desks });
  if (input.bank_accounts !== undefined) values.push({ key: 'bank_accounts', value: input.bank_accounts });
  if (input.support_email !== undefined) values.push({ key: 'support_email', value: input.support_email });
  return db.transaction(async (tx) => {
    const before = await readAuditSnapshot(tx, 'settings', null);
    await upsertSettingValues({ db: tx, values, userId });
    await recordAudit(tx, actor, { kind: 'settings', entity_id: null, action: 'update', before });
    return getAdminSettings({ db: tx });
  });
}

// ---- Admin users ----------------------------------------------------------------------------------------------

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? '',
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    // A lock that has run out no longer refuses sign-in (decision 018).
    locked_until: row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil.toISOString() : null,
  };
}

export async function listAdmins({ db }: { db: Executor }): Promise<AdminUser[]> {
  return (await listAdminUsers({ db })).map(toAdminUser);
}

/** add-admin: an approved, active admin who can sign in at once with the password given. */
export async function addAdmin({ db, actor, input }: { db: Database; actor: AuditActor; input: AddAdminBody }): Promise<AdminUser> {
  if (await isEmailTaken({ db, email: input.email })) throw createAdminEmailTakenError();
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db.transaction(async (tx) => {
      const added = await insertAdminUser({
        db: tx,
        values: { role: 'admin', name: input.name, email: input.email, passwordHash, activeStatus: 'approved', isActive: true, source: 'admin' },
      });
      await recordAudit(tx, actor, { kind: 'admin', entity_id: added.id, action: 'add' });
      return added;
    });
    return toAdminUser(row);
  } catch (error) {
    // Two adds of one address at once: the unique index decides.
    if (isUniqueViolation(error)) throw createAdminEmailTakenError();
    throw error;
  }
}

/** update-admin: name and e-mail; a password sent replaces the stored one (other sessions stay signed in). */
export async function updateAdmin({ db, actor, id, input }: { db: Database; actor: AuditActor; id: number; input: UpdateAdminBody }): Promise<AdminUser> {
  if (!(await findAdminUser({ db, id }))) throw createAdminNotFoundError();
  if (await isEmailTaken({ db, email: input.email, exceptId: id })) throw createAdminEmailTakenError();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  try {
    const row = await db.transaction(async (tx) => {
      const before = await readAuditSnapshot(tx, 'admin', id);
      const updated = await updateAdminUser({
        db: tx,
        id,
        values: { name: input.name, email: input.email, ...(passwordHash ? { passwordHash, changePassword: false } : {}) },
      });
      // The hash is never audited (decision 035); the action says the password was replaced.
      await recordAudit(tx, actor, { kind: 'admin', entity_id: id, action: passwordHash ? 'update_password' : 'update', before });
      return updated;
    });
    return toAdminUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw createAdminEmailTakenError();
    throw error;
  }
}

/**
 * toggle-admin: deactivates an active admin (revoking its tokens, so it is signed out at once) or reactivates an
 * inactive one. The active admins are locked first, so the last-active check holds under concurrent toggles.
 */
export async function toggleAdmin({ db, actor, id, actorId }: { db: Database; actor: AuditActor; id: number; actorId: number }): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const activeIds = await lockActiveAdminIds({ db: tx });
    const admin = await findAdminUser({ db: tx, id, lock: true });
    if (!admin) throw createAdminNotFoundError();
    const before = await readAuditSnapshot(tx, 'admin', id);
    if (!admin.isActive) {
      const row = await updateAdminUser({ db: tx, id, values: { isActive: true } });
      await recordAudit(tx, actor, { kind: 'admin', entity_id: id, action: 'activate', before });
      return toAdminUser(row);
    }
    if (id === actorId) throw createSelfDeactivateError();
    if (activeIds.filter((activeId) => activeId !== id).length === 0) throw createLastActiveAdminError();
    const row = await updateAdminUser({ db: tx, id, values: { isActive: false } });
    await revokeUserTokens({ db: tx, userId: id });
    await recordAudit(tx, actor, { kind: 'admin', entity_id: id, action: 'deactivate', before });
    return toAdminUser(row);
  });
}
