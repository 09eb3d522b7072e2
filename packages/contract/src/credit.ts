import { z } from 'zod';
import { MONEY_MAX } from './common.js';

/**
 * Agents' credit (PRODUCT §6 "Credit, cancellation charges, audit, insights"; decision 032).
 *
 * - `credit_limit` (admin, whole PKR, 0 to {@link MONEY_MAX}): absent or empty = unlimited (null).
 * - `available_credit` = limit - ledger balance (what the agent owes) - the value (total) of its live holds
 *   (unconfirmed, not cancelled, not past cancel_at); null for an agent without a limit. It may be negative
 *   when an admin's override took the agent past its limit.
 * - add-booking (a hold, or an admin's confirmed booking for an agent) needs the booking's total; confirmbooking
 *   needs final total - receive_payment, against an available credit that leaves the booking's own hold out. More
 *   than available answers 409 {@link creditLimitExceededMessage} unless an admin sends `override` = 1; the
 *   booking then carries `credit_override` 1 (the audit trail reads it). An agent's `override` is ignored.
 * - The agent is told once each time available credit falls under {@link LOW_CREDIT_PERCENT} % of its limit.
 */

export const LOW_CREDIT_PERCENT = 10;

/** PRODUCT §6's 409, exactly: amounts are plain whole rupees ('available 5000, needed 12000'). */
export function creditLimitExceededMessage({ available, needed }: { available: number; needed: number }): string {
  return `Credit limit exceeded: available ${available}, needed ${needed}.`;
}

/** The notification an agent gets when its available credit falls under 10 % of its limit. */
export function lowCreditMessage({ available, limit }: { available: number; limit: number }): string {
  return `Your available credit is PKR ${available.toLocaleString('en-US')}, under ${LOW_CREDIT_PERCENT}% of your credit limit of PKR ${limit.toLocaleString('en-US')}.`;
}

/** Whether this available credit is under the low-credit line of this limit. */
export function isLowCredit({ available, limit }: { available: number; limit: number }): boolean {
  return available * 100 < limit * LOW_CREDIT_PERCENT;
}

export const CREDIT_LIMIT_INTEGER_MESSAGE = 'The credit limit must be a whole number of rupees.';
export const creditLimitMaxMessage = `The credit limit may not be greater than ${MONEY_MAX}.`;

/**
 * add-agent / updateagent `credit_limit`: not sent keeps the stored value (add: unlimited); '' or null clears it
 * (unlimited); otherwise a whole number 0..MONEY_MAX.
 */
export const creditLimitField = z
  .union([z.string(), z.number(), z.null()], { error: CREDIT_LIMIT_INTEGER_MESSAGE })
  .optional()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    const text = String(value).trim().replace(/,/g, '');
    if (text === '') return null;
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: CREDIT_LIMIT_INTEGER_MESSAGE });
      return z.NEVER;
    }
    const number = Number(text);
    if (number > MONEY_MAX) {
      ctx.addIssue({ code: 'custom', message: creditLimitMaxMessage });
      return z.NEVER;
    }
    return number;
  });

/** The credit fields of an agent row and my-profile (null for administrators and agents without a limit). */
export const agentCreditFields = {
  /** Whole PKR; null: unlimited. */
  credit_limit: z.number().int().nullable(),
  /** What the agent owes: its ledger closing balance (0 for administrators). */
  balance: z.number().int(),
  /** limit - balance - live holds' value; null without a limit. */
  available_credit: z.number().int().nullable(),
} as const;
