import { creditLimitExceededMessage, isLowCredit, lowCreditMessage } from '@portal/contract/credit';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import { notifySafely, type Notifier } from '../notifications/notifier.js';
import { lockAgentCredit, setCreditLow, sumCreditUsage } from './credit.repository.js';

/**
 * Agents' credit limits (PRODUCT §6 "Credit", decision 032). available = limit - balance - live holds' value.
 *
 * Lock order: the callers have taken the group row (and the booking row) first, as every booking use case does;
 * the agent row comes last, before anything about the agent's credit is read, on both engines.
 */

/** The agent was told (or is to be told) that its available credit fell under 10 % of its limit. */
export interface LowCreditNotice {
  agentUserId: number;
  bookingId: number | null;
  available: number;
  limit: number;
}

export interface CreditTaken {
  /** true: the request needed more than the available credit and an admin's override let it pass. */
  overridden: boolean;
  /** Set when this request took the agent under the low-credit line (tell it once, after the commit). */
  lowCredit: LowCreditNotice | null;
}

export function createCreditLimitExceededError({ available, needed }: { available: number; needed: number }): HttpError {
  return new HttpError({ statusCode: 409, code: 'credit.limit_exceeded', message: creditLimitExceededMessage({ available, needed }) });
}

/** limit - balance - holds for every agent of the list (null without a limit): agent rows and my-profile. */
export async function readAgentCredit({ db, agents, now = new Date() }: { db: Executor; agents: ReadonlyArray<{ id: number; creditLimit: number | null }>; now?: Date }) {
  const usage = await sumCreditUsage({ db, agentUserIds: agents.map((agent) => agent.id), now });
  return new Map(
    agents.map((agent) => {
      const { balance, holds } = usage.get(agent.id) ?? { balance: 0, holds: 0 };
      return [agent.id, { credit_limit: agent.creditLimit, balance, available_credit: agent.creditLimit === null ? null : agent.creditLimit - balance - holds }];
    }),
  );
}

/**
 * Decides whether the agent can take `needed` more of its credit, inside the caller's transaction: locks the agent's
 * row, reads what it owes and holds (leaving out `exceptBookingId`, the booking being confirmed, whose own hold
 * `ownHold` is then still counted for the state before), and answers 409 when needed > available unless `override`.
 * Then keeps the low-credit state: seen at or above the line clears it; falling under it sets it and asks the caller
 * to tell the agent (once per crossing).
 */
export async function takeCredit({
  db,
  agentUserId,
  bookingId,
  needed,
  override,
  ownHold = 0,
  now,
  lockedAgent,
}: {
  db: Executor;
  agentUserId: number;
  /** The booking to link the notification to; for add-booking it is set after insert via the returned notice. */
  bookingId: number | null;
  needed: number;
  override: boolean;
  ownHold?: number;
  now: Date;
  /**
   * The agent's credit columns when the caller has already locked its row in this transaction (add-booking reads them
   * with its checks, decision 039); null: no such agent. Absent: locked and read here.
   */
  lockedAgent?: { creditLimit: number | null; creditLow: boolean } | null;
}): Promise<CreditTaken> {
  const agent = lockedAgent !== undefined ? lockedAgent : await lockAgentCredit({ db, agentUserId });
  if (!agent || agent.creditLimit === null) return { overridden: false, lowCredit: null };
  const limit = agent.creditLimit;
  const usage = (await sumCreditUsage({ db, agentUserIds: [agentUserId], now, exceptBookingId: bookingId ?? undefined })).get(agentUserId)!;
  const available = limit - usage.balance - usage.holds;
  const exceeded = needed > available;
  if (exceeded && !override) throw createCreditLimitExceededError({ available, needed });

  const lowBefore = agent.creditLow && isLowCredit({ available: available - ownHold, limit });
  const after = available - needed;
  const lowAfter = isLowCredit({ available: after, limit });
  if (lowAfter !== agent.creditLow) await setCreditLow({ db, agentUserId, creditLow: lowAfter });
  return {
    overridden: exceeded,
    lowCredit: lowAfter && !lowBefore ? { agentUserId, bookingId, available: after, limit } : null,
  };
}

/**
 * After an admin changes an agent's limit (its row is locked by the caller): the low-credit state follows the new
 * limit, and falling under the line tells the agent as a booking would.
 */
export async function settleCreditLimit({
  db,
  agentUserId,
  limit,
  wasLow,
  now = new Date(),
}: {
  db: Executor;
  agentUserId: number;
  limit: number | null;
  wasLow: boolean;
  now?: Date;
}): Promise<LowCreditNotice | null> {
  if (limit === null) {
    if (wasLow) await setCreditLow({ db, agentUserId, creditLow: false });
    return null;
  }
  const usage = (await sumCreditUsage({ db, agentUserIds: [agentUserId], now })).get(agentUserId)!;
  const available = limit - usage.balance - usage.holds;
  const low = isLowCredit({ available, limit });
  if (low !== wasLow) await setCreditLow({ db, agentUserId, creditLow: low });
  return low && !wasLow ? { agentUserId, bookingId: null, available, limit } : null;
}

/** Tells the agent, after the commit (PRODUCT §4 Notifications: stored and pushed); a failure is only logged. */
export async function notifyLowCredit({ notifier, log, notice }: { notifier: Notifier; log: FastifyBaseLogger; notice: LowCreditNotice | null }) {
  if (!notice) return;
  await notifySafely(log, () =>
    notifier.notifyUsers({
      senderUserId: null,
      bookingId: notice.bookingId,
      message: lowCreditMessage({ available: notice.available, limit: notice.limit }),
      userIds: [notice.agentUserId],
    }),
  );
}
