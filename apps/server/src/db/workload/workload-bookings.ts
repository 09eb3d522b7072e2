import { CONFIRMATION_PAYMENT_TEXT } from '../../modules/bookings/booking-lifecycle.usecases.js';
import type { NewBookingPassengerRow, NewBookingRow } from '../../modules/bookings/bookings.table.js';
import type { NewLedgerEntryRow } from '../../modules/ledger/ledger.table.js';
import type { NewPaymentRow } from '../../modules/payments/payments.table.js';
import type { Random } from '../seed/random.js';
import { PAYMENT_TEXTS } from './workload-catalogue.js';
import { karachiDate } from './workload-days.js';
import { MAX_GROUP_SEATS, type WorkloadGroup } from './workload-inventory.js';
import { writePassengers } from './workload-passengers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bookings were made over the last 60 days (issue 8). */
const BOOKING_PERIOD_DAYS = 60;
/** Zipf-like exponent of bookings per agent: the busiest of 50 agents makes about 13% of them. */
const AGENT_SKEW = 0.8;
const WALK_IN_SHARE = 0.01;

/**
 * How a booking got where it is, each path written as the API writes it (bookings.usecases.ts addBooking,
 * booking-lifecycle.usecases.ts confirm/hold-time/cancel, payments.usecases.ts, hold-sweeper.ts):
 * - hold: an agent's booking still on hold (cancel_at ahead; some extended by an admin, hold-time-update);
 * - expired: a hold the sweeper cancelled (cancelled_by null, a moment after cancel_at);
 * - agent_cancelled: a hold its agent cancelled;
 * - confirmed: a hold an admin confirmed (out at the final total, discount inside; sometimes a payment at once);
 * - admin_booked: an admin booked for the agent, confirmed at once (out at the total, no hold);
 * - cancelled_after_charge: confirmed, then cancelled by an admin (reversal of the final total);
 * - walk_in: an admin's walk-in sale, confirmed at once, no agent and no ledger.
 */
type BookingPath = 'hold' | 'expired' | 'agent_cancelled' | 'confirmed' | 'admin_booked' | 'cancelled_after_charge' | 'walk_in';

/** Final state mix of agents' bookings (shares of 1); the rest are confirmed. */
const PATH_SHARES: ReadonlyArray<[BookingPath, number]> = [
  ['hold', 0.03],
  ['expired', 0.12],
  ['agent_cancelled', 0.02],
  ['cancelled_after_charge', 0.05],
  ['admin_booked', 0.1],
];

export interface WorkloadAgent {
  id: number;
}

export interface BookingPlanOptions {
  random: Random;
  now: Date;
  holdWindowMinutes: number;
  adminId: number;
  /** Busiest first. */
  agents: readonly WorkloadAgent[];
  groups: readonly WorkloadGroup[];
  bookingCount: number;
  passengerCount: number;
  /** The shared scan files every passenger points at (see generate-workload.ts). */
  passportFileId: number;
  visaFileId: number;
}

export interface WorkloadRows {
  bookings: NewBookingRow[];
  passengers: NewBookingPassengerRow[];
  payments: NewPaymentRow[];
  ledgerEntries: NewLedgerEntryRow[];
}

interface Draft {
  agent: WorkloadAgent | null;
  path: BookingPath;
  adults: number;
  children: number;
  infants: number;
  createdAt: number;
  group?: WorkloadGroup;
}

const formatRupees = (amount: number): string => `PKR ${amount.toLocaleString('en-US')}`;
const roundThousand = (amount: number): number => Math.round(amount / 1_000) * 1_000;

/** Every booking, passenger, payment and ledger row of the workload, in memory, ids in time order. */
export function planBookings(options: BookingPlanOptions): WorkloadRows {
  const { random, now, holdWindowMinutes, bookingCount } = options;
  const nowMs = now.getTime();
  const hold = holdWindowMinutes * MINUTE;
  const drafts = draftOwners(options).map((agent): Draft => {
    const path = agent === null ? 'walk_in' : pickPath(random);
    return { agent, path, adults: 0, children: 0, infants: 0, createdAt: pickCreatedAt(random, path, nowMs, hold) };
  });
  drawPartySizes(random, drafts, options.passengerCount);
  // In time order, as bookings arrive: the earlier ones fill the popular groups, the later ones spill over.
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  assignGroups(random, drafts, options.groups);
  if (drafts.length !== bookingCount) throw new Error('workload: booking count mismatch');

  const rows: WorkloadRows = { bookings: [], passengers: [], payments: [], ledgerEntries: [] };
  for (const [index, draft] of drafts.entries()) writeBooking(options, rows, draft, index + 1);

  // The API assigns payment ids as payments arrive and posts ledger rows in time order; do the same.
  rows.payments.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  const paymentIds = new Map<NewPaymentRow, number>();
  rows.payments.forEach((payment, index) => {
    payment.id = index + 1;
    paymentIds.set(payment, index + 1);
  });
  for (const entry of rows.ledgerEntries) {
    const payment = (entry as LedgerDraft).payment;
    if (payment) {
      entry.paymentId = paymentIds.get(payment)!;
      delete (entry as LedgerDraft).payment;
    }
  }
  rows.ledgerEntries.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  return rows;
}

type LedgerDraft = NewLedgerEntryRow & { payment?: NewPaymentRow };

/** Agents' shares follow 1/rank^AGENT_SKEW; the busiest takes the rounding rest. About 1% are walk-ins. */
function draftOwners({ agents, bookingCount }: BookingPlanOptions): (WorkloadAgent | null)[] {
  const walkIns = Math.max(1, Math.round(bookingCount * WALK_IN_SHARE));
  const agentBookings = bookingCount - walkIns;
  const weights = agents.map((_, rank) => 1 / (rank + 1) ** AGENT_SKEW);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((agentBookings * weight) / total));
  counts[0]! += agentBookings - counts.reduce((sum, count) => sum + count, 0);
  const owners: (WorkloadAgent | null)[] = Array<WorkloadAgent | null>(walkIns).fill(null);
  for (const [rank, agent] of agents.entries()) for (let n = 0; n < counts[rank]!; n++) owners.push(agent);
  return owners;
}

function pickPath(random: Random): BookingPath {
  let ticket = random.next();
  for (const [path, share] of PATH_SHARES) {
    ticket -= share;
    if (ticket < 0) return path;
  }
  return 'confirmed';
}

/** Creation time, so that whatever happened to the booking afterwards fits before now. */
function pickCreatedAt(random: Random, path: BookingPath, now: number, hold: number): number {
  const within = (minAge: number, maxAge = BOOKING_PERIOD_DAYS * DAY) => now - minAge - Math.floor(random.next() * (maxAge - minAge));
  switch (path) {
    case 'hold':
      // Half within the hold window, half older holds an admin extended (hold-time-update).
      return random.next() < 0.5 ? within(MINUTE, hold - MINUTE) : within(hold + 10 * MINUTE, 3 * DAY);
    case 'expired':
      return within(hold + MINUTE);
    case 'cancelled_after_charge':
      return within(DAY);
    default:
      return within(5 * MINUTE);
  }
}

/**
 * Party sizes of 1 to 8 averaging 3, nudged until the passengers add up to exactly `passengerCount`;
 * then split into 1-5 adults, children, and infants no more than adults (PRODUCT §4).
 */
function drawPartySizes(random: Random, drafts: Draft[], passengerCount: number): void {
  const sizeWeights = [0.18, 0.3, 0.2, 0.14, 0.09, 0.05, 0.02, 0.02];
  const sizes = drafts.map(() => {
    let ticket = random.next();
    for (const [index, weight] of sizeWeights.entries()) {
      ticket -= weight;
      if (ticket < 0) return index + 1;
    }
    return sizeWeights.length;
  });
  let difference = passengerCount - sizes.reduce((sum, size) => sum + size, 0);
  if (passengerCount < drafts.length || passengerCount > drafts.length * sizeWeights.length) {
    throw new Error('workload: the passenger count does not fit the booking count');
  }
  while (difference !== 0) {
    const index = random.int(0, sizes.length - 1);
    if (difference > 0 && sizes[index]! < sizeWeights.length) {
      sizes[index]! += 1;
      difference -= 1;
    } else if (difference < 0 && sizes[index]! > 1) {
      sizes[index]! -= 1;
      difference += 1;
    }
  }
  for (const [index, draft] of drafts.entries()) {
    const size = sizes[index]!;
    draft.adults = Math.min(5, Math.max(1, Math.round(size * (0.55 + 0.35 * random.next()))));
    for (let rest = size - draft.adults; rest > 0; rest--) {
      if (draft.infants < draft.adults && random.next() < 0.25) draft.infants += 1;
      else draft.children += 1;
    }
  }
}

/**
 * Popular groups sell more. A booking still live at the end takes seats and never oversells (live adults +
 * children <= total_ticket, PRODUCT §4); cancelled ones held theirs only for a while. When no group has room,
 * the least full group is given more seats, up to MAX_GROUP_SEATS.
 */
function assignGroups(random: Random, drafts: Draft[], groups: readonly WorkloadGroup[]): void {
  const cumulative: number[] = [];
  let sum = 0;
  for (const group of groups) cumulative.push((sum += group.weight));
  const pick = (): WorkloadGroup => {
    const ticket = random.next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > ticket) high = middle;
      else low = middle + 1;
    }
    return groups[low]!;
  };
  const sold = new Map<WorkloadGroup, number>(groups.map((group) => [group, 0]));
  const room = (group: WorkloadGroup) => group.row.totalTicket - sold.get(group)!;

  for (const draft of drafts) {
    const live = draft.path !== 'expired' && draft.path !== 'agent_cancelled' && draft.path !== 'cancelled_after_charge';
    const seats = draft.adults + draft.children;
    let group = pick();
    if (live) {
      for (let attempt = 0; attempt < 20 && room(group) < seats; attempt++) group = pick();
      if (room(group) < seats) group = groups.reduce((best, candidate) => (room(candidate) > room(best) ? candidate : best));
      if (room(group) < seats) {
        const grown = group.row.totalTicket + 5 * Math.ceil((seats - room(group)) / 5);
        if (grown > MAX_GROUP_SEATS) throw new Error('workload: not enough seats in the groups for the bookings');
        group.row.totalTicket = grown;
        group.row.ticketsWehave = Math.max(group.row.ticketsWehave, grown);
      }
      sold.set(group, sold.get(group)! + seats);
    }
    draft.group = group;
  }
}

/** Receipt times after `from` up to `to`, oldest first. */
function receiptTimes(random: Random, count: number, from: number, to: number): number[] {
  return Array.from({ length: count }, () => from + Math.floor(random.next() * Math.max(0, to - from))).sort((a, b) => a - b);
}

/** Splits `total` into `count` parts of whole thousands but the last, each above 0; fewer parts if too small. */
function splitAmount(random: Random, total: number, count: number): number[] {
  const parts: number[] = [];
  let left = total;
  for (let index = 0; index < count - 1; index++) {
    const part = roundThousand((left / (count - index)) * (0.6 + 0.8 * random.next()));
    if (part <= 0 || part >= left) break;
    parts.push(part);
    left -= part;
  }
  parts.push(left);
  return parts;
}

function writeBooking(options: BookingPlanOptions, rows: WorkloadRows, draft: Draft, id: number): void {
  const { random, now, holdWindowMinutes, adminId } = options;
  const nowMs = now.getTime();
  const hold = holdWindowMinutes * MINUTE;
  const group = draft.group!;
  const { agent, path, adults, children, infants, createdAt } = draft;
  const totalAmount = (adults + children) * group.price + infants * group.infantPrice;

  const heldFirst = agent !== null && path !== 'admin_booked';
  let cancelAt = heldFirst ? createdAt + hold : null;
  let editedBy: number | null = null;
  let updatedAt = createdAt;
  let confirmedAt: number | null = null;
  let cancelledAt: number | null = null;
  let cancelledBy: number | null = null;
  let discount = 0;

  if (path === 'hold' && createdAt + hold <= nowMs) {
    // Extended by an admin before it expired, to a moment still ahead.
    updatedAt = createdAt + Math.floor(random.next() * hold);
    cancelAt = nowMs + HOUR + Math.floor(random.next() * 47 * HOUR);
    editedBy = adminId;
  } else if (path === 'expired') {
    // The sweeper runs every 30 seconds.
    cancelledAt = cancelAt! + Math.floor(random.next() * 30_000);
  } else if (path === 'agent_cancelled') {
    cancelledAt = createdAt + Math.floor(random.next() * Math.min(hold, nowMs - createdAt));
    cancelledBy = agent!.id;
  } else if (path === 'confirmed' || path === 'cancelled_after_charge') {
    confirmedAt = createdAt + Math.floor((0.05 + 0.9 * random.next()) * Math.min(hold, nowMs - createdAt));
    if (random.next() < 0.15) discount = Math.min(totalAmount, 500 * random.int(2, 20));
  } else if (path === 'admin_booked' || path === 'walk_in') {
    confirmedAt = createdAt;
  }
  if (path === 'cancelled_after_charge') {
    cancelledAt = confirmedAt! + Math.floor(random.next() * (nowMs - confirmedAt!));
    cancelledBy = adminId;
  }
  const finalTotal = totalAmount - discount;
  const charged = confirmedAt !== null;
  const ledger = rows.ledgerEntries as LedgerDraft[];
  const pnr = group.pnr;

  if (charged && agent) {
    ledger.push({
      agentUserId: agent.id,
      bookingId: id,
      type: 'out',
      // addBooking charges the total (no discount yet); confirmBooking the final total with its discount in the text.
      amount: finalTotal,
      entryDate: karachiDate(confirmedAt!),
      text: path === 'admin_booked' ? `Booking #${id} (${pnr})` : `Booking #${id} ${pnr}` + (discount > 0 ? `, discount ${formatRupees(discount)}` : ''),
      createdAt: new Date(confirmedAt!),
    });
  }

  let receivedAmount = 0;
  if (charged) {
    const mode = random.next();
    const paidTotal =
      mode < 0.3 ? 0 : mode < 0.7 ? finalTotal : Math.min(finalTotal - 1_000, Math.max(1_000, roundThousand(finalTotal * (0.2 + 0.6 * random.next()))));
    if (paidTotal > 0) {
      const amounts = splitAmount(random, paidTotal, random.int(1, 3));
      // confirmBooking can take the first payment itself; later ones come through update-booking-payment.
      const atConfirmation = path === 'confirmed' || path === 'cancelled_after_charge' ? random.next() < 0.4 : false;
      const until = cancelledAt ?? nowMs;
      const times = receiptTimes(random, amounts.length, confirmedAt!, until);
      if (atConfirmation) times[0] = confirmedAt!;
      // A charged booking cancelled later: half had their payments refunded (deleted, PRODUCT §4).
      const refunded = path === 'cancelled_after_charge' && random.next() < 0.5;
      for (const [index, amount] of amounts.entries()) {
        const at = times[index]!;
        const text = atConfirmation && index === 0 ? CONFIRMATION_PAYMENT_TEXT : random.pick(PAYMENT_TEXTS);
        const deletedAt = refunded ? cancelledAt! + Math.floor(random.next() * (nowMs - cancelledAt!)) : null;
        const payment: NewPaymentRow = {
          bookingId: id,
          receiveDate: karachiDate(at),
          receiveAmount: amount,
          text,
          addedBy: adminId,
          deletedBy: deletedAt === null ? null : adminId,
          deletedAt: deletedAt === null ? null : new Date(deletedAt),
          createdAt: new Date(at),
          updatedAt: new Date(deletedAt ?? at),
        };
        rows.payments.push(payment);
        updatedAt = Math.max(updatedAt, deletedAt ?? at);
        if (deletedAt !== null) continue;
        receivedAmount += amount;
        if (agent) {
          ledger.push({ agentUserId: agent.id, bookingId: id, payment, type: 'in', amount, entryDate: karachiDate(at), text, createdAt: new Date(at) });
        }
      }
    }
  }

  if (path === 'cancelled_after_charge' && agent) {
    ledger.push({
      agentUserId: agent.id,
      bookingId: id,
      type: 'reversal',
      amount: finalTotal,
      entryDate: karachiDate(cancelledAt!),
      text: `Booking #${id} cancelled`,
      createdAt: new Date(cancelledAt!),
    });
  }

  updatedAt = Math.max(updatedAt, confirmedAt ?? 0, cancelledAt ?? 0);
  rows.bookings.push({
    id,
    groupId: group.id,
    agentUserId: agent?.id ?? null,
    walking: agent === null,
    confirmed: charged,
    cancelStatus: cancelledAt !== null,
    cancelAt: cancelAt === null ? null : new Date(cancelAt),
    adults,
    children,
    infants,
    price: group.price,
    infantPrice: group.infantPrice,
    totalAmount,
    discount,
    receivedAmount,
    remarks: path === 'walk_in' ? 'Walk-in customer' : random.next() < 0.05 ? 'Seats together please' : null,
    addedBy: heldFirst ? agent!.id : adminId,
    editedBy,
    confirmedBy: charged ? adminId : null,
    cancelledBy,
    confirmedAt: confirmedAt === null ? null : new Date(confirmedAt),
    cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
  });
  writePassengers({
    random,
    passengers: rows.passengers,
    group,
    counts: draft,
    bookingId: id,
    passportFileId: options.passportFileId,
    visaFileId: charged ? options.visaFileId : null,
  });
}
