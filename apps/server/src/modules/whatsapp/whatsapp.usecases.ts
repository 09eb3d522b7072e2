import { revokeUserTokens } from '../auth/auth.repository.js';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { WHATSAPP_CODE_LENGTH, WHATSAPP_VERIFIED_MESSAGE } from '@portal/contract/auth';
import {
  createCodeExpiredError,
  createCodeUsedUpError,
  createNoCodeError,
  createResendTooSoonError,
  createWrongCodeError,
} from './whatsapp.errors.js';
import type { WhatsappSender } from './whatsapp-sender.js';
import { countWrongTry, deleteCodesOfUser, findCurrentCode, insertCode, lockUser, markWhatsappVerified } from './whatsapp.repository.js';

/** PRODUCT §4: codes are valid 10 minutes and allow 5 tries. */
export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
/**
 * Not more than one code per 30 seconds per user (429): each send is a message to someone, and a new code
 * would also hand out 5 fresh tries. The route adds an hourly cap per user.
 */
export const RESEND_INTERVAL_SECONDS = 30;

function generateCode(): string {
  return randomInt(0, 10 ** WHATSAPP_CODE_LENGTH).toString().padStart(WHATSAPP_CODE_LENGTH, '0');
}

/**
 * Codes are stored hashed (PRODUCT §4). Six digits are only a million values, so a plain hash could be
 * reversed from a copied database; an HMAC keyed with the app secret cannot, and binding the user and the
 * number means a code only ever verifies that number for that user.
 */
function hashCode({ secret, userId, phone, code }: { secret: string; userId: number; phone: string; code: string }): string {
  return createHmac('sha256', secret).update(`${userId}:${phone}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sends a new code for `phone` to the caller, replacing any earlier code; returns the message to answer. */
export async function sendWhatsappCode({
  db,
  secret,
  sender,
  userId,
  phone,
}: {
  db: Database;
  secret: string;
  sender: WhatsappSender;
  userId: number;
  phone: string;
}): Promise<string> {
  const code = generateCode();
  await db.transaction(async (tx) => {
    const user = await lockUser({ db: tx, userId });
    // The auth hook found this user a moment ago; a row gone since is a deleted account.
    if (!user) throw createNoCodeError();
    const previous = await findCurrentCode({ db: tx, userId });
    if (previous && previous.ageSeconds < RESEND_INTERVAL_SECONDS) {
      throw createResendTooSoonError(Math.ceil(RESEND_INTERVAL_SECONDS - previous.ageSeconds));
    }
    await deleteCodesOfUser({ db: tx, userId });
    await insertCode({ db: tx, userId, phone, codeHash: hashCode({ secret, userId, phone, code }), validMinutes: CODE_VALID_MINUTES });
    await sender.send({
      db: tx,
      user,
      phone,
      text: `Your verification code is ${code}. It is valid for ${CODE_VALID_MINUTES} minutes.`,
    });
  });
  return `A verification code has been sent ${sender.destination}. It is valid for ${CODE_VALID_MINUTES} minutes.`;
}

type VerifyOutcome = 'verified' | 'no_code' | 'expired' | 'used_up' | { wrong: number };

/**
 * Checks the caller's code for `phone` (000 §4-§5, PRODUCT §4). A wrong try is counted and committed before
 * the 422 is answered; the 5th wrong try kills the code, and so does its 10th minute. Only the caller's own
 * code is looked at, so another user's code never verifies anything.
 */
export async function verifyWhatsappCode({
  db,
  secret,
  userId,
  phone,
  code,
}: {
  db: Database;
  secret: string;
  userId: number;
  phone: string;
  code: string;
}): Promise<string> {
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    if (!(await lockUser({ db: tx, userId }))) return 'no_code';
    const current = await findCurrentCode({ db: tx, userId });
    if (!current || current.phone !== phone) return 'no_code';
    if (current.attempts >= CODE_MAX_TRIES) return 'used_up';
    if (current.expired) return 'expired';
    if (!sameHash(current.codeHash, hashCode({ secret, userId, phone, code }))) {
      const tries = await countWrongTry({ db: tx, codeId: current.id });
      return { wrong: Math.max(0, CODE_MAX_TRIES - tries) };
    }
    await markWhatsappVerified({ db: tx, userId, phone });
    await deleteCodesOfUser({ db: tx, userId });
    // 000 §4: after a successful save the user signs in again. Revoking the tokens here makes that hold even
    // when the page reloads before the app's 3-second sign-out: the next call answers 'Unauthenticated.'.
    await revokeUserTokens({ db: tx, userId });
    return 'verified';
  });

  if (outcome === 'verified') return WHATSAPP_VERIFIED_MESSAGE;
  if (outcome === 'no_code') throw createNoCodeError();
  if (outcome === 'used_up') throw createCodeUsedUpError();
  if (outcome === 'expired') throw createCodeExpiredError();
  throw createWrongCodeError(outcome.wrong);
}
