import {
  findPassengerTitle,
  findRepeatedPassports,
  getPassengerDateErrors,
  passengerFieldsSchema,
  PASSPORT_REPEATED_MESSAGE,
  passengerTitleMessage,
  PASSENGER_TYPES,
} from '@portal/contract/bookings';
import { isValidIsoDate } from '@portal/contract/group-form';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { PassengerFieldValues } from '@/components/passenger-fieldset';
import type { PassengerSlot } from './booking-rules';

/** One passenger form of the Book Ticket dialog (000 §5): the shared passenger fieldset's values. */
export type PassengerValues = PassengerFieldValues;

export type BookingFormValues = {
  passengers: PassengerValues[];
  remarks: string;
  /** Admin only: 'Book for Agent' ticked; unticked is a walk-in sale (PRODUCT §4). */
  book_for_agent: boolean;
  /** The chosen agent's users.id as the Select holds it. */
  agent: string | null;
  /** PRODUCT §6 'Names later': the seats are booked by type only; the names come with Update Booking. */
  names_later: boolean;
};

export function emptyPassenger(slot: PassengerSlot): PassengerValues {
  return {
    type: slot.type,
    // Infants have one title only (000 §5).
    title: slot.type === 'infant' ? 'Inf' : null,
    firstname: '',
    lastname: '',
    dob: null,
    passport_no: '',
    passport_expiry_date: null,
    passport_img: null,
    visa_copy: null,
  };
}

export function emptyBookingForm(slots: PassengerSlot[] = [], namesLater = false): BookingFormValues {
  return { passengers: slots.map(emptyPassenger), remarks: '', book_for_agent: false, agent: null, names_later: namesLater };
}

/**
 * PRODUCT §6: names later are offered while the group's name deadline is ahead (the server's rule, decision 030:
 * a group without one, or past it, answers 422 on names_later).
 */
export function canBookNamesLater(nameDeadline: string | null | undefined, now = Date.now()): boolean {
  if (!nameDeadline) return false;
  const deadline = Date.parse(nameDeadline);
  return Number.isFinite(deadline) && deadline > now;
}

const isoDate = (value: unknown): string | null => (typeof value === 'string' && isValidIsoDate(value) ? value : null);

type RuleContext = { travelDate: string; lastTravelDate: string; today: string };

/** A passenger booked with names later: its type alone (PRODUCT §6). */
const passengerTypeOnlySchema = z.object({ type: z.enum(PASSENGER_TYPES) });

/**
 * The form's syntax: the contract's passenger fields (the server's own messages) and the agent choice; with names
 * later (PRODUCT §6), the passengers' types only.
 */
export function bookingFormSchema() {
  const common = {
    remarks: z.string().trim().max(1000, { error: 'The remarks may not be greater than 1000 characters.' }),
    book_for_agent: z.boolean(),
    agent: z.string().nullable(),
  };
  return z
    .discriminatedUnion('names_later', [
      z.object({ names_later: z.literal(false), passengers: z.array(passengerFieldsSchema).min(1), ...common }),
      z.object({ names_later: z.literal(true), passengers: z.array(passengerTypeOnlySchema).min(1), ...common }),
    ])
    .superRefine((value, ctx) => {
      if (value.book_for_agent && !value.agent) {
        ctx.addIssue({ code: 'custom', path: ['agent'], message: 'The agent field is required.' });
      }
    });
}

type RuleErrors = Partial<Record<'title' | 'dob' | 'passport_expiry_date', string>>;

/**
 * The rules that need the group (PRODUCT §4, the contract's functions): the title list of the type, date of
 * birth not in the future, the age on the first departure ('Selected AGE is X, ...'), passport valid until
 * the last travel date. Read from the raw values, so they show while other fields are still empty.
 */
export function passengerRuleErrors(passenger: PassengerValues, { travelDate, lastTravelDate, today }: RuleContext): RuleErrors {
  const errors: RuleErrors = {};
  if (passenger.title && !findPassengerTitle(passenger.type, passenger.title)) errors.title = passengerTitleMessage(passenger.type);
  const dob = isoDate(passenger.dob);
  const expiry = isoDate(passenger.passport_expiry_date);
  const dateErrors = getPassengerDateErrors({
    type: passenger.type,
    dob: dob ?? today,
    passportExpiryDate: expiry ?? lastTravelDate,
    today,
    firstDeparture: travelDate,
    lastTravelDate,
  });
  if (dob && dateErrors.dob) errors.dob = dateErrors.dob;
  if (expiry && dateErrors.passport_expiry_date) errors.passport_expiry_date = dateErrors.passport_expiry_date;
  return errors;
}

/**
 * The group rules and the repeated passport numbers on top of the schema's resolver (useZodForm's `withRules`): the
 * contract's schema first (so its messages are the server's; the server checks everything again and its 422 lands
 * on the same fields), then these rules on fields still without an error. They read the raw values, so they show
 * while other fields of the passenger are still empty or wrong, which a zod refinement does not do once a field of
 * the passenger failed (measured: zod 4 skips the array's refinement then, `when` or not).
 */
export function withBookingRules(context: RuleContext) {
  return (base: Resolver<BookingFormValues, unknown, BookingFormOutput>): Resolver<BookingFormValues, unknown, BookingFormOutput> =>
    async (values, resolverContext, options) => {
      const result = await base(values, resolverContext, options);
      // Names later: no passenger details to check (PRODUCT §6).
      if (values.names_later) return result;
      const errors: FieldErrors<BookingFormValues> = { ...result.errors };
      let found = false;
      const add = (index: number, field: string, message: string) => {
        const list = (errors.passengers ??= []) as Array<Record<string, FieldError | undefined> | undefined>;
        const entry = (list[index] ??= {});
        if (!entry[field]) entry[field] = { type: 'validate', message };
        found = true;
      };
      values.passengers.forEach((passenger, index) => {
        for (const [field, message] of Object.entries(passengerRuleErrors(passenger, context))) add(index, field, message);
      });
      // PRODUCT §6: the later of two passengers with one passport number (the server answers the same 422).
      for (const index of findRepeatedPassports(values.passengers.map((passenger) => passenger.passport_no))) {
        add(index, 'passport_no', PASSPORT_REPEATED_MESSAGE);
      }
      return found ? { values: {}, errors } : result;
    };
}

export type BookingFormOutput = z.output<ReturnType<typeof bookingFormSchema>>;

const PASSENGER_FIELD_OF: Record<string, keyof PassengerValues> = {
  titles: 'title',
  title: 'title',
  firstname: 'firstname',
  lastname: 'lastname',
  dob: 'dob',
  passport_no: 'passport_no',
  passport_expiry_date: 'passport_expiry_date',
  passport_img: 'passport_img',
  visa_copy: 'visa_copy',
};

/**
 * Where a 422 key of add-booking goes in the form: 'firstname.1' → passengers.1.firstname,
 * 'titles.0' → passengers.0.title; remarks and agent are fields too; anything else is a toast.
 */
export function bookingErrorField(key: string): string | undefined {
  const [name = '', index] = key.split('.');
  const field = PASSENGER_FIELD_OF[name];
  if (field && index !== undefined && /^\d+$/.test(index)) return `passengers.${index}.${field}`;
  if (name === 'remarks' || name === 'agent' || name === 'names_later') return name;
  return undefined;
}
