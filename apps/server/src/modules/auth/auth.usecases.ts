import { createHash, randomBytes } from 'node:crypto';
import type { RegisterBody, Session } from '@portal/contract/auth';
import type { Database } from '../../db/database.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { nextAgentIdSql, type UserRow } from '../users/users.table.js';
import {
  createAccountDeactivatedError,
  createAccountPendingError,
  createAccountRejectedError,
  createEmailTakenError,
  createInvalidCredentialsError,
  createWrongOldPasswordError,
} from './auth.errors.js';
import {
  findLiveToken,
  findUserByEmail,
  findUserById,
  insertToken,
  insertUser,
  revokeToken,
  touchToken,
  updateUserPassword,
} from './auth.repository.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

/** The signed-in caller as the auth hook leaves it on `request.user`. */
export interface AuthUser {
  id: number;
  role: 'admin' | 'user';
  name: string;
  email: string | null;
  /** The agent's number (000 §1); null for administrators. */
  agentId: number | null;
  /** The token of this request, so logout can revoke exactly it. */
  tokenId: number;
}

/** Writing last_used_at on every request would turn each read into a write; once a minute is enough for a 30-day expiry. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, URL-safe; only its SHA-256 is stored (PRODUCT §3). */
function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

// Verifying against a fixed hash when the address is unknown keeps the answer time the same,
// so response times do not tell which addresses have accounts.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

function toSession(user: UserRow, token: string): Session {
  return {
    token,
    role: user.role,
    name: user.name,
    // Files get URLs in a later issue; until then no user has a picture.
    image: null,
    agent_id: user.role === 'admin' ? null : user.agentId,
    user_id: user.id,
    email: user.email ?? '',
    change_password: user.changePassword,
    w_verified: user.whatsappPending,
  };
}

export async function login({
  db,
  email,
  password,
  userAgent,
}: {
  db: Database;
  email: string;
  password: string;
  userAgent: string | null;
}): Promise<Session> {
  const user = await findUserByEmail({ db, email });
  // A registrant has no password until an admin accepts the registration, so the approval state is
  // told before the password is checked: the point of the message is to answer someone who just
  // registered (PRODUCT §4 "pending and rejected agents get 403 with a clear message"). That the
  // address is registered is no secret: register already says so.
  if (user?.activeStatus === 'pending') throw createAccountPendingError();
  if (user?.activeStatus === 'rejected') throw createAccountRejectedError();

  const passwordOk = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await getDummyHash()), false);
  if (!user || !passwordOk) throw createInvalidCredentialsError();
  if (!user.isActive) throw createAccountDeactivatedError();

  const token = generateToken();
  await insertToken({ db, userId: user.id, tokenHash: hashToken(token), userAgent: userAgent?.slice(0, 500) ?? null });
  return toSession(user, token);
}

/** The caller behind a bearer token, or null when the token is unknown, revoked, idle 30 days, or its user may no longer sign in. */
export async function authenticateToken({ db, token }: { db: Database; token: string }): Promise<AuthUser | null> {
  const row = await findLiveToken({ db, tokenHash: hashToken(token) });
  if (!row) return null;
  const { user } = row;
  if (user.activeStatus !== 'approved' || !user.isActive) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchToken({ db, tokenId: row.tokenId });
  }
  return {
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    agentId: user.role === 'admin' ? null : user.agentId,
    tokenId: row.tokenId,
  };
}

export async function logout({ db, tokenId }: { db: Database; tokenId: number }): Promise<void> {
  await revokeToken({ db, tokenId });
}

/** Self sign-up (PRODUCT §4): a pending agent without a password; an admin accepts or rejects it later. */
export async function register({ db, input }: { db: Database; input: RegisterBody }): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (await findUserByEmail({ db: tx, email: input.email })) throw createEmailTakenError();
      await insertUser({
        db: tx,
        user: {
          role: 'user',
          name: input.name,
          email: input.email,
          passwordHash: null,
          activeStatus: 'pending',
          // Every agent gets its number at sign-up (decision 002), so pending agents have one too.
          agentId: nextAgentIdSql,
          agencyName: input.agency_name,
          phone: input.phone,
          officeNo: input.office_no,
          officeAddress: input.office_address,
          city: input.city,
          country: input.country,
          source: 'register',
        },
      });
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw createEmailTakenError();
    throw error;
  }
}

/** Own account only: the seed's client also sends `email`, which is ignored (PRODUCT §4 scope). */
export async function changePassword({
  db,
  userId,
  oldPassword,
  newPassword,
}: {
  db: Database;
  userId: number;
  oldPassword: string;
  newPassword: string;
}): Promise<void> {
  const user = await findUserById({ db, userId });
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) throw createWrongOldPasswordError();
  await updateUserPassword({ db, userId, passwordHash: await hashPassword(newPassword) });
}
