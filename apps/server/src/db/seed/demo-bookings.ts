import type { Transaction } from '../database.js';
import { agentBookedMessage } from '../../modules/notifications/booking-notices.js';
import { bookingPassengers, bookings, type PassengerType } from '../../modules/bookings/bookings.table.js';
import { ledgerEntries } from '../../modules/ledger/ledger.table.js';
import { notifications, type NewNotificationRow } from '../../modules/notifications/notifications.table.js';
import { payments } from '../../modules/payments/payments.table.js';
import { addDays, addYears, getKarachiDate } from './calendar.js';
import { DEMO_NAMES, type DemoAgent } from './demo-catalogue.js';
import { SMALL_GROUP_INDEX, type DemoGroup } from './demo-inventory.js';
import { createPng } from './png.js';
import type { Random } from './random.js';
import { storeSeedFile, type SeedFileTarget } from './seed-files.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Booking states of the demo (000 §4): a hold still running, a hold the sweeper cancelled, a confirmed
 * booking, and a confirmed (charged) booking cancelled afterwards, which posts a reversal (PRODUCT §4).
 */
type DemoBookingState = 'hold' | 'expired' | 'confirmed' | 'cancelled_after_charge';

interface DemoBookingPlan {
  /** null: an admin's walk-in sale (PRODUCT §4). */
  agent: DemoAgent['key'] | null;
  groupIndex: number;
  adults: number;
  children?: number;
  infants?: number;
  state: DemoBookingState;
  createdHoursAgo: number;
  discount?: number;
  /** Share of the final total received, and when (days after confirmation). */
  payments?: { share: number; daysAfterConfirm: number; text: string }[];
  remarks?: string;
}

const DEMO_BOOKINGS: readonly DemoBookingPlan[] = [
  {
    agent: 'alharam',
    groupIndex: 1,
    adults: 2,
    children: 1,
    infants: 1,
    state: 'confirmed',
    createdHoursAgo: 6 * 24,
    discount: 5_000,
    payments: [{ share: 0.5, daysAfterConfirm: 1, text: 'Cash deposit at Gulberg office' }],
    remarks: 'Family of four, seats together please',
  },
  {
    agent: 'alharam',
    groupIndex: 4,
    adults: 3,
    state: 'confirmed',
    createdHoursAgo: 9 * 24,
    payments: [{ share: 1, daysAfterConfirm: 2, text: 'Meezan Bank online transfer' }],
  },
  { agent: 'alharam', groupIndex: 2, adults: 2, state: 'hold', createdHoursAgo: 1 },
  { agent: 'alharam', groupIndex: 6, adults: 1, children: 1, state: 'expired', createdHoursAgo: 50 },
  { agent: 'alharam', groupIndex: 9, adults: 1, state: 'cancelled_after_charge', createdHoursAgo: 5 * 24 },
  { agent: 'skyways', groupIndex: SMALL_GROUP_INDEX, adults: 5, state: 'confirmed', createdHoursAgo: 3 * 24 },
  { agent: 'skyways', groupIndex: 7, adults: 1, infants: 1, state: 'hold', createdHoursAgo: 0.5 },
  {
    agent: 'capital',
    groupIndex: 8,
    adults: 2,
    children: 2,
    infants: 1,
    state: 'confirmed',
    createdHoursAgo: 7 * 24,
    discount: 2_000,
    payments: [
      { share: 0.3, daysAfterConfirm: 1, text: 'HBL cheque deposit' },
      { share: 0.3, daysAfterConfirm: 3, text: 'Online transfer, Bank Alfalah' },
    ],
  },
  {
    agent: null,
    groupIndex: 10,
    adults: 2,
    state: 'confirmed',
    createdHoursAgo: 4 * 24,
    payments: [{ share: 1, daysAfterConfirm: 0, text: 'Cash at counter' }],
    remarks: 'Walk-in customer, paid in full at the counter',
  },
  { agent: 'capital', groupIndex: 12, adults: 3, children: 1, state: 'confirmed', createdHoursAgo: 2 * 24 },
];

export interface DemoPerson {
  id: number;
  name: string;
  /** Agents: the agency admins know them by (notifications name it). */
  agencyName?: string | null;
}

interface BookingsOptions {
  tx: Transaction;
  random: Random;
  files: SeedFileTarget;
  admin: DemoPerson;
  agents: ReadonlyMap<DemoAgent['key'], DemoPerson>;
  groups: readonly DemoGroup[];
  now: Date;
  holdWindowMinutes: number;
}

const formatRupees = (amount: number): string => `PKR ${amount.toLocaleString('en-US')}`;

/** Inserts the demo bookings with their passengers, payments, ledger rows and notifications. */
export async function insertDemoBookings(options: BookingsOptions): Promise<number> {
  const { tx, admin, agents, groups, now, holdWindowMinutes } = options;
  const seatsTaken = new Map<number, number>();
  const today = getKarachiDate(now);
  const notices: NewNotificationRow[] = [];
  // Older notifications have been read; the last day's are still unread, so the badge shows a count.
  const readAtFor = (createdAt: Date): Date | null =>
    now.getTime() - createdAt.getTime() > DAY ? new Date(createdAt.getTime() + HOUR) : null;

  for (const [number, plan] of DEMO_BOOKINGS.entries()) {
    const group = groups[plan.groupIndex];
    if (!group || group.closed) throw new Error(`Demo booking ${number} needs an open group at index ${plan.groupIndex}`);
    const agent = plan.agent === null ? null : agents.get(plan.agent);
    if (agent === undefined) throw new Error(`Demo booking ${number} names an unknown agent`);
    const children = plan.children ?? 0;
    const infants = plan.infants ?? 0;

    // The server never oversells (PRODUCT §4); the demo must not either. Expired holds gave their seats back.
    if (plan.state !== 'expired' && plan.state !== 'cancelled_after_charge') {
      const taken = (seatsTaken.get(group.id) ?? 0) + plan.adults + children;
      if (taken > group.totalTicket) throw new Error(`Demo booking ${number} oversells PNR ${group.pnr}`);
      seatsTaken.set(group.id, taken);
    }

    const createdAt = new Date(now.getTime() - plan.createdHoursAgo * HOUR);
    const totalAmount = (plan.adults + children) * group.price + infants * group.infantPrice;
    const discount = plan.discount ?? 0;
    const finalTotal = totalAmount - discount;
    const charged = plan.state === 'confirmed' || plan.state === 'cancelled_after_charge';
    const confirmedAt = charged ? new Date(createdAt.getTime() + 2 * HOUR) : null;
    const cancelledAt =
      plan.state === 'expired'
        ? new Date(createdAt.getTime() + holdWindowMinutes * 60_000)
        : plan.state === 'cancelled_after_charge'
          ? new Date(now.getTime() - DAY)
          : null;
    const receipts = (plan.payments ?? []).map((payment) => {
      const at = new Date(Math.min(confirmedAt!.getTime() + payment.daysAfterConfirm * DAY, now.getTime()));
      const amount = payment.share >= 1 ? finalTotal : Math.round((finalTotal * payment.share) / 1_000) * 1_000;
      return { at, amount, text: payment.text };
    });
    const receivedAmount = receipts.reduce((sum, receipt) => sum + receipt.amount, 0);
    if (receivedAmount > finalTotal) throw new Error(`Demo booking ${number} receives more than its final total`);

    const addedBy = agent ?? admin;
    const [booking] = await tx
      .insert(bookings)
      .values({
        groupId: group.id,
        agentUserId: agent?.id ?? null,
        walking: agent === null,
        confirmed: charged,
        cancelStatus: cancelledAt !== null,
        // Agents' bookings start on hold for the hold window (PRODUCT §4); walk-ins are confirmed at once.
        cancelAt: agent ? new Date(createdAt.getTime() + holdWindowMinutes * 60_000) : null,
        adults: plan.adults,
        children,
        infants,
        price: group.price,
        infantPrice: group.infantPrice,
        totalAmount,
        discount,
        receivedAmount,
        remarks: plan.remarks ?? null,
        addedBy: addedBy.id,
        confirmedBy: charged ? admin.id : null,
        confirmedAt,
        // A hold cancelled by the sweeper has no user behind it.
        cancelledBy: plan.state === 'cancelled_after_charge' ? admin.id : null,
        cancelledAt,
        createdAt,
        updatedAt: cancelledAt ?? receipts.at(-1)?.at ?? confirmedAt ?? createdAt,
      })
      .returning({ id: bookings.id });
    const bookingId = booking!.id;

    await insertPassengers(options, {
      bookingId,
      number,
      group,
      counts: { adult: plan.adults, child: children, infant: infants },
      withVisa: charged,
    });

    if (agent) {
      notices.push({
        userId: admin.id,
        senderUserId: agent.id,
        bookingId,
        name: agent.name,
        message: agentBookedMessage({
          agency: agent.agencyName ?? agent.name,
          counts: { adults: plan.adults, children, infants },
          pnr: group.pnr,
        }),
        createdAt,
        readAt: readAtFor(createdAt),
      });
    }
    if (agent && charged) {
      // PRODUCT §4: the agent owes the final total from the moment of confirmation.
      await tx.insert(ledgerEntries).values({
        agentUserId: agent.id,
        bookingId,
        type: 'out',
        amount: finalTotal,
        entryDate: getKarachiDate(confirmedAt!),
        text:
          `Booking #${bookingId} ${group.pnr} ${group.sectorName}` + (discount > 0 ? `, discount ${formatRupees(discount)}` : ''),
        createdAt: confirmedAt!,
      });
      notices.push({
        userId: agent.id,
        senderUserId: admin.id,
        bookingId,
        name: admin.name,
        message: `Your booking #${bookingId} on PNR ${group.pnr} is confirmed`,
        createdAt: confirmedAt!,
        readAt: readAtFor(confirmedAt!),
      });
    }

    for (const receipt of receipts) {
      const receiveDate = getKarachiDate(receipt.at);
      const [payment] = await tx
        .insert(payments)
        .values({
          bookingId,
          receiveDate: receiveDate > today ? today : receiveDate,
          receiveAmount: receipt.amount,
          text: receipt.text,
          addedBy: admin.id,
          createdAt: receipt.at,
          updatedAt: receipt.at,
        })
        .returning({ id: payments.id });
      if (agent) {
        await tx.insert(ledgerEntries).values({
          agentUserId: agent.id,
          bookingId,
          paymentId: payment!.id,
          type: 'in',
          amount: receipt.amount,
          entryDate: receiveDate > today ? today : receiveDate,
          text: receipt.text,
          createdAt: receipt.at,
        });
        notices.push({
          userId: agent.id,
          senderUserId: admin.id,
          bookingId,
          name: admin.name,
          message: `Payment of ${formatRupees(receipt.amount)} received for booking #${bookingId}`,
          createdAt: receipt.at,
          readAt: readAtFor(receipt.at),
        });
      }
    }

    if (agent && cancelledAt) {
      if (plan.state === 'cancelled_after_charge') {
        await tx.insert(ledgerEntries).values({
          agentUserId: agent.id,
          bookingId,
          type: 'reversal',
          amount: finalTotal,
          entryDate: getKarachiDate(cancelledAt),
          text: `Booking #${bookingId} ${group.pnr} cancelled`,
          createdAt: cancelledAt,
        });
      }
      notices.push({
        userId: agent.id,
        senderUserId: plan.state === 'expired' ? null : admin.id,
        bookingId,
        name: plan.state === 'expired' ? 'Group Fares' : admin.name,
        message:
          plan.state === 'expired'
            ? `The hold on booking #${bookingId} (PNR ${group.pnr}) expired and the booking was cancelled`
            : `Your booking #${bookingId} on PNR ${group.pnr} was cancelled`,
        createdAt: cancelledAt,
        readAt: readAtFor(cancelledAt),
      });
    }
  }

  if (notices.length > 0) await tx.insert(notifications).values(notices);
  return DEMO_BOOKINGS.length;
}

interface PassengerOptions {
  bookingId: number;
  number: number;
  group: DemoGroup;
  counts: Record<PassengerType, number>;
  withVisa: boolean;
}

const PASSPORT_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

async function insertPassengers(
  { tx, random, files }: BookingsOptions,
  { bookingId, number, group, counts, withVisa }: PassengerOptions,
): Promise<void> {
  // One family a booking: a shared last name.
  const lastname = random.pick(DEMO_NAMES.last);
  const types: PassengerType[] = [
    ...Array<PassengerType>(counts.adult).fill('adult'),
    ...Array<PassengerType>(counts.child).fill('child'),
    ...Array<PassengerType>(counts.infant).fill('infant'),
  ];
  const rows = [];
  for (const [position, type] of types.entries()) {
    // Ages on the first departure (PRODUCT §4): adult 12+, child 2 to under 12, infant under 2.
    let title: string;
    let firstname: string;
    let dob: string;
    if (type === 'adult') {
      const male = position === 0 || (position > 1 && random.next() < 0.5);
      title = male ? 'Mr' : position === 1 ? 'Mrs' : 'Ms';
      firstname = random.pick(male ? DEMO_NAMES.male : DEMO_NAMES.female);
      dob = addDays(addYears(group.firstDeparture, -random.int(24, 62)), -random.int(0, 360));
    } else if (type === 'child') {
      const boy = random.next() < 0.5;
      title = boy ? 'Mstr' : 'Miss';
      firstname = random.pick(boy ? DEMO_NAMES.boy : DEMO_NAMES.girl);
      dob = addDays(addYears(group.firstDeparture, -random.int(3, 10)), -random.int(0, 300));
    } else {
      title = 'Inf';
      firstname = random.pick(DEMO_NAMES.infant);
      dob = addDays(group.firstDeparture, -random.int(150, 600));
    }
    const passportFileId = await storeSeedFile(tx, files, {
      kind: 'passport',
      name: `booking-${number + 1}-passenger-${position + 1}`,
      bytes: createPng({ width: 120, height: 84, colour: '#E8EEF4', accent: '#1F4E79' }),
    });
    const visaFileId = withVisa
      ? await storeSeedFile(tx, files, {
          kind: 'visa',
          name: `booking-${number + 1}-passenger-${position + 1}`,
          bytes: createPng({ width: 120, height: 84, colour: '#F4F1E8', accent: '#0B6E4F' }),
        })
      : null;
    rows.push({
      bookingId,
      position,
      type,
      title,
      firstname,
      lastname,
      dob,
      passportNo: `${random.pick([...PASSPORT_LETTERS])}${random.pick([...PASSPORT_LETTERS])}${random.int(1_000_000, 9_999_999)}`,
      // Valid well past the last travel date (PRODUCT §4).
      passportExpiryDate: addDays(addYears(group.lastDeparture, random.int(1, 6)), random.int(0, 300)),
      passportFileId,
      visaFileId,
    });
  }
  await tx.insert(bookingPassengers).values(rows);
}
