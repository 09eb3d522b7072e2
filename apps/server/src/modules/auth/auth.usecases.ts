import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LOCK_THRESHOLD, ACCOUNT_LOCKED_EMAIL_SUBJECT, formatKarachiDateTime, type RegisterBody, type Session } from '@portal/contract/auth';
import type { Database, Executor } from '../../db/database.js';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/password.js';
import { enqueueEmail } from '../emails/outbox.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import { nextAgentIdSql, type UserRow } from '../users/users.table.js';
import {
  createAccountDeactivatedError,
  createAccountLockedError,
  createAccountPendingError,
  createAccountRejectedError,
  createEmailTakenError,
  createInvalidCredentialsError,
  createWrongOldPasswordError,
} from './auth.errors.js';
import {
  clearFailedSignIns,
  consumeTemporaryPassword,
  findLiveToken,
  findUserByEmail,
  findUserById,
  findUserImagePath,
  insertToken,
  insertUser,
  recordFailedSignIn,
  revokeOtherUserTokens,
  revokeToken,
  revokeUserTokens,
  setTemporaryPassword,
  TEMP_PASSWORD_VALID_MINUTES,
  touchToken,
  updateUserPassword,
} from './auth.repository.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { SessionCache } from './session-cache.js';

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
  /** true: only changeuserpassword, logout and my-profile answer until the password is changed (plugins/auth.ts). */
  changePassword: boolean;
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

async function toSession({
  db,
  user,
  token,
  publicUrl,
}: {
  db: Executor;
  user: UserRow;
  token: string;
  publicUrl: string;
}): Promise<Session> {
  // Pictures are public files (PRODUCT §4 "Files and documents"), so the session carries their plain URL.
  const imagePath = user.imageFileId ? await findUserImagePath({ db, fileId: user.imageFileId }) : null;
  return {
    token,
    role: user.role,
    name: user.name,
    image: imagePath ? getPublicFileUrl({ publicUrl, storagePath: imagePath }) : null,
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
  publicUrl,
  onSessionsRevoked,
  onLocked,
}: {
  db: Database;
  email: string;
  password: string;
  userAgent: string | null;
  /** PUBLIC_URL, for the picture's URL. */
  publicUrl: string;
  /** Told when signing in with a temporary password ended every earlier session of the user. */
  onSessionsRevoked?: (userId: number) => void;
  /** Told after a wrong password locked the account (or locked it longer), and whether an e-mail was queued. */
  onLocked?: (event: { emailQueued: boolean }) => void;
}): Promise<Session> {
  const user = await findUserByEmail({ db, email });
  // The same hash work whatever the account's state (issue 16 point 7): the password is always checked against
  // two hashes, the password's and the temporary one's, a fixed dummy standing in for whichever is missing,
  // before anything about the account is answered. Unknown, pending, rejected accounts and accounts with or
  // without a temporary password thus all cost two verifications.
  const temporaryLive = !!user?.tempPasswordHash && !!user.tempPasswordExpiresAt && user.tempPasswordExpiresAt.getTime() > Date.now();
  const [passwordMatches, temporaryMatches] = await Promise.all([
    verifyPassword(password, user?.passwordHash ?? (await getDummyHash())),
    verifyPassword(password, temporaryLive ? user!.tempPasswordHash : await getDummyHash()),
  ]);
  // A registrant has no password until an admin accepts the registration, so the approval state is
  // told regardless of the password: the point of the message is to answer someone who just
  // registered (PRODUCT §4 "pending and rejected agents get 403 with a clear message"). That the
  // address is registered is no secret: register already says so.
  if (user?.activeStatus === 'pending') throw createAccountPendingError();
  if (user?.activeStatus === 'rejected') throw createAccountRejectedError();

  const passwordOk = !!user?.passwordHash && passwordMatches;
  // PRODUCT §4: the old password keeps working until the temporary one is used, so either signs in.
  const temporaryOk = !!user && !passwordOk && temporaryLive && temporaryMatches;
  if (!user) throw createInvalidCredentialsError();
  if (!(passwordOk || temporaryOk)) {
    // Counted per account, whatever the address (issue 16 point 4, decision 018).
    const lockedUntil = await countFailedSignIn({ db, user, publicUrl, onLocked });
    if (lockedUntil) throw createAccountLockedError({ lockedUntil });
    throw createInvalidCredentialsError();
  }
  // While locked even the right password is refused; a live temporary password, e-mailed to the owner, unlocks.
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now() && !temporaryOk) {
    throw createAccountLockedError({ lockedUntil: user.lockedUntil });
  }
  if (!user.isActive) throw createAccountDeactivatedError();

  let signedIn = user;
  if (temporaryOk) {
    // One-time: it becomes the password and the forced-change modal opens (000 §4). Losing a race with
    // another login using the same temporary password answers like a wrong password.
    const consumed = await consumeTemporaryPassword({ db, userId: user.id, tempPasswordHash: user.tempPasswordHash! });
    if (!consumed) throw createInvalidCredentialsError();
    signedIn = consumed;
    // A reset password ends every earlier session (issue 16 point 5): whoever knew the old one is out.
    await revokeUserTokens({ db, userId: user.id });
    onSessionsRevoked?.(user.id);
  }

  // A sign-in ends the run of failures (the temporary password's UPDATE has cleared them already).
  if (!temporaryOk && (user.failedSignIns > 0 || user.lockedUntil)) await clearFailedSignIns({ db, userId: user.id });

  const token = generateToken();
  await insertToken({ db, userId: signedIn.id, tokenHash: hashToken(token), userAgent: userAgent?.slice(0, 500) ?? null });
  return toSession({ db, user: signedIn, token, publicUrl });
}

/**
 * One more wrong password for an existing account. Returns until when it is locked, or null below the
 * threshold. The failure that reaches the threshold (exactly one, the count comes from one UPDATE) queues the
 * owner's e-mail in the same transaction.
 */
async function countFailedSignIn({
  db,
  user,
  publicUrl,
  onLocked,
}: {
  db: Database;
  user: UserRow;
  publicUrl: string;
  onLocked: ((event: { emailQueued: boolean }) => void) | undefined;
}): Promise<Date | null> {
  const result = await db.transaction(async (tx) => {
    const counted = await recordFailedSignIn({ db: tx, userId: user.id });
    if (!counted?.lockedUntil || counted.lockedUntil.getTime() <= Date.now()) return null;
    const lockStarts = counted.failedSignIns === ACCOUNT_LOCK_THRESHOLD;
    // A deactivated account cannot sign in or reset its password anyway: its owner is not told of a lock.
    const emailQueued = lockStarts && !!user.email && user.isActive;
    if (emailQueued) {
      await enqueueEmail({
        db: tx,
        email: buildAccountLockedEmail({ user, failures: counted.failedSignIns, lockedUntil: counted.lockedUntil, publicUrl }),
      });
    }
    return { lockedUntil: counted.lockedUntil, emailQueued };
  });
  if (!result) return null;
  onLocked?.({ emailQueued: result.emailQueued });
  return result.lockedUntil;
}

/** The owner's notice when the lock starts (issue 16 point 4): how many failures, until when, and how to unlock. */
export function buildAccountLockedEmail({
  user,
  failures,
  lockedUntil,
  publicUrl,
}: {
  user: UserRow;
  failures: number;
  lockedUntil: Date;
  publicUrl: string;
}) {
  return {
    to: user.email!,
    subject: ACCOUNT_LOCKED_EMAIL_SUBJECT,
    text: [
      `Dear ${user.name},`,
      '',
      `There were ${failures} failed sign-in attempts in a row on your Group Fares account (${user.email}), so it has been locked until ${formatKarachiDateTime(lockedUntil)}.`,
      'Every further wrong password while it is locked makes the lock longer.',
      '',
      `To unlock it now, reset your password: choose "Forgot password" on ${publicUrl}/signin and sign in with the temporary password we e-mail you.`,
      'An administrator can also unlock it.',
      '',
      'If these attempts were not yours, someone may be trying to guess your password: reset it as above and choose a new one.',
      '',
      'Regards,',
      'Group Fares',
    ].join('\n'),
  };
}

/**
 * Forgot password (PRODUCT §4): e-mails a one-time temporary password valid 1 hour; a new request replaces an
 * older temporary password. The caller answers the same whatever happens here, and nothing is sent for unknown,
 * pending, rejected, deleted or deactivated accounts. The old password keeps working meanwhile, and signing in
 * with it leaves the temporary one valid until its hour is up (the person may not have asked for it; it dies
 * unused). Returns whether a message was queued, so the caller can wake the mailer.
 */
export async function requestTemporaryPassword({ db, email }: { db: Database; email: string }): Promise<boolean> {
  // Hashing before looking the address up keeps the answer time alike for known and unknown addresses.
  const temporaryPassword = generatePassword();
  const tempPasswordHash = await hashPassword(temporaryPassword);
  const user = await findUserByEmail({ db, email });
  if (!user?.email || user.activeStatus !== 'approved' || !user.isActive) return false;
  const to = user.email;

  await db.transaction(async (tx) => {
    await setTemporaryPassword({ db: tx, userId: user.id, tempPasswordHash });
    // In the same transaction: the e-mail exists exactly when the password it carries does.
    await enqueueEmail({
      db: tx,
      email: {
        to,
        subject: 'Your temporary password',
        text: [
          `Dear ${user.name},`,
          '',
          `Your temporary password is: ${temporaryPassword}`,
          '',
          `It can be used once, within ${TEMP_PASSWORD_VALID_MINUTES / 60} hour. After signing in with it you will be asked to choose a new password.`,
          'Your current password keeps working until the temporary one is used.',
          'If you did not ask for this, you can ignore this e-mail.',
        ].join('\n'),
      },
    });
  });
  return true;
}

/**
 * The caller behind a bearer token when the cache answers it without any database work (looked up in the last seconds,
 * last_used_at written in the last minute): the auth hook's synchronous path, taken by nearly every request of a
 * busy screen. undefined means "ask authenticateToken".
 */
export function cachedCaller(cache: SessionCache, token: string, now = Date.now()): AuthUser | undefined {
  const cached = cache.get(token, now);
  return cached && now - cached.lastUsedAt <= TOUCH_INTERVAL_MS ? cached.user : undefined;
}

/**
 * The caller behind a bearer token, or null when the token is unknown, revoked, idle 30 days, or its user may
 * no longer sign in. With a cache, a token looked up in the last seconds is answered from memory (session-cache.ts).
 */
export async function authenticateToken({
  db,
  token,
  cache,
  now = Date.now(),
}: {
  db: Database;
  token: string;
  cache?: SessionCache;
  now?: number;
}): Promise<AuthUser | null> {
  const cached = cache?.get(token, now);
  if (cached) {
    if (now - cached.lastUsedAt > TOUCH_INTERVAL_MS) {
      await touchToken({ db, tokenId: cached.user.tokenId });
      cache?.touched(token, now);
    }
    return cached.user;
  }
  const generation = cache?.generation ?? 0;
  const row = await findLiveToken({ db, tokenHash: hashToken(token) });
  if (!row) return null;
  const { user } = row;
  if (user.activeStatus !== 'approved' || !user.isActive) return null;
  let lastUsedAt = row.lastUsedAt.getTime();
  if (now - lastUsedAt > TOUCH_INTERVAL_MS) {
    await touchToken({ db, tokenId: row.tokenId });
    lastUsedAt = now;
  }
  const signedIn: AuthUser = {
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    agentId: user.role === 'admin' ? null : user.agentId,
    tokenId: row.tokenId,
    changePassword: user.changePassword,
  };
  cache?.set(token, { user: signedIn, lastUsedAt }, generation, now);
  return signedIn;
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
  tokenId,
  oldPassword,
  newPassword,
}: {
  db: Database;
  userId: number;
  /** The caller's token: it stays signed in, every other session of the user ends (issue 16 point 5). */
  tokenId: number;
  oldPassword: string;
  newPassword: string;
}): Promise<void> {
  const user = await findUserById({ db, userId });
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) throw createWrongOldPasswordError();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updateUserPassword({ db: tx, userId, passwordHash });
    await revokeOtherUserTokens({ db: tx, userId, exceptTokenId: tokenId });
  });
}
