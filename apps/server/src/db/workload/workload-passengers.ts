import type { NewBookingPassengerRow, PassengerType } from '../../modules/bookings/bookings.table.js';
import type { Random } from '../seed/random.js';
import { WORKLOAD_NAMES } from './workload-catalogue.js';
import { formatDay, toDay } from './workload-days.js';
import type { WorkloadGroup } from './workload-inventory.js';

const YEAR_DAYS = 365;
const PASSPORT_LETTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];

/**
 * Names, dates of birth by type against the first departure, passports valid past the last (PRODUCT §4). Ages
 * count 365-day years, which keeps them inside their type: adults 24+, children 3 to under 11, infants under 2.
 */
export function writePassengers({
  random,
  passengers,
  group,
  counts,
  bookingId,
  passportFileId,
  visaFileId,
}: {
  random: Random;
  passengers: NewBookingPassengerRow[];
  group: Pick<WorkloadGroup, 'firstDeparture' | 'lastDeparture'>;
  counts: { adults: number; children: number; infants: number };
  bookingId: number;
  /** The shared scans (generate-workload.ts); a visa copy only on confirmed bookings, as the demo does. */
  passportFileId: number;
  visaFileId: number | null;
}): void {
  const firstDay = toDay(group.firstDeparture);
  const lastDay = toDay(group.lastDeparture);
  const lastname = random.pick(WORKLOAD_NAMES.last);
  let position = 0;
  const add = (type: PassengerType, title: string, firstname: string, ageDays: number) => {
    passengers.push({
      bookingId,
      position: position++,
      type,
      title,
      firstname,
      lastname,
      dob: formatDay(firstDay - ageDays),
      passportNo: `${random.pick(PASSPORT_LETTERS)}${random.pick(PASSPORT_LETTERS)}${random.int(1_000_000, 9_999_999)}`,
      passportExpiryDate: formatDay(lastDay + random.int(1, 6) * YEAR_DAYS + random.int(0, 300)),
      passportFileId,
      visaFileId,
    });
  };
  for (let index = 0; index < counts.adults; index++) {
    const male = index === 0 || (index > 1 && random.next() < 0.5);
    add(
      'adult',
      male ? 'Mr' : index === 1 ? 'Mrs' : 'Ms',
      random.pick(male ? WORKLOAD_NAMES.male : WORKLOAD_NAMES.female),
      random.int(24, 62) * YEAR_DAYS + random.int(0, 360),
    );
  }
  for (let index = 0; index < counts.children; index++) {
    const boy = random.next() < 0.5;
    add('child', boy ? 'Mstr' : 'Miss', random.pick(boy ? WORKLOAD_NAMES.boy : WORKLOAD_NAMES.girl), random.int(3, 10) * YEAR_DAYS + random.int(0, 300));
  }
  // Born at least 160 days before a departure at most 90 days ahead: before any booking date.
  for (let index = 0; index < counts.infants; index++) {
    add('infant', 'Inf', random.pick(WORKLOAD_NAMES.infant), random.int(160, 600));
  }
}
