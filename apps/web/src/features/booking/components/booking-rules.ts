import { getCountErrors, PASSENGER_TYPE_LABELS, type PassengerCounts, type PassengerType } from '@portal/contract/bookings';

export type Counts = PassengerCounts;


/** A count field's value as a whole number; empty (or anything not a number) counts as 0 (000 §5). */
export function toCount(value: string | number | null | undefined): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? Math.floor(number) : 0;
}

/**
 * The count messages to show under the counts (000 §5, the contract's rules). 'At least 1 Adult' is left
 * out: the dialog simply keeps Start Booking disabled until an adult is counted.
 */
export function countsErrors(counts: Counts): string[] {
  const errors = getCountErrors(counts);
  return [errors.adult && counts.adults > 0 ? errors.adult : undefined, errors.child, errors.infant].filter(
    (message): message is string => Boolean(message),
  );
}

/** Start Booking is disabled while a count rule is broken (000 §5). */
export function canStartBooking(counts: Counts): boolean {
  return Object.keys(getCountErrors(counts)).length === 0;
}

export type PassengerSlot = { type: PassengerType; label: string };

/** One form per passenger, in the order Adult 1.., Child 1.., Infant 1.. (000 §2). */
export function passengerSlots({ adults, children, infants }: Counts): PassengerSlot[] {
  const slots: PassengerSlot[] = [];
  const add = (type: PassengerType, count: number) => {
    for (let index = 1; index <= count; index += 1) slots.push({ type, label: `${PASSENGER_TYPE_LABELS[type]} ${index}` });
  };
  add('adult', adults);
  add('child', children);
  add('infant', infants);
  return slots;
}

/** Display-only total; the server computes the real one (PRODUCT §4). */
export function displayTotal(counts: Counts, price: number | null, infantPrice: number | null | undefined): number | null {
  if (price === null) return null;
  return (counts.adults + counts.children) * price + counts.infants * (infantPrice ?? 0);
}
