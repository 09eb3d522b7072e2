import {
  findPassengerTitle,
  findRepeatedPassports,
  getPassengerDateErrors,
  passengerFieldsSchema,
  PASSENGER_TYPES,
  PASSPORT_REPEATED_MESSAGE,
  passengerTitleMessage,
} from '@portal/contract/bookings';
import { isValidIsoDate } from '@portal/contract/group-form';
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

export function emptyBookingForm(slots: PassengerSlot[] = []): BookingFormValues {
  return { passengers: slots.map(emptyPassenger), remarks: '', book_for_agent: false, agent: null };
}

const isoDate = (value: unknown): string | null => (typeof value === 'string' && isValidIsoDate(value) ? value : null);

type RuleContext = { travelDate: string; lastTravelDate: string; today: string };

type RuleErrors = Partial<Record<'title' | 'dob' | 'passport_expiry_date', string>>;

/**
 * The rules that need the group (PRODUCT §4, the contract's functions): the title list of the type, date of
 * birth not in the future, the age on the first departure ('Selected AGE is X, ...'), passport valid until
 * the last travel date. Read from the values as far as they parsed, so they show while other fields are still empty.
 */
export function passengerRuleErrors(
  passenger: Pick<PassengerValues, 'type' | 'title' | 'dob' | 'passport_expiry_date'>,
  { travelDate, lastTravelDate, today }: RuleContext,
): RuleErrors {
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
 * The dialog's schema (for useZodForm): the contract's passenger fields first (so its messages are the server's;
 * the server checks everything again and its 422 lands on the same fields), then the group rules and the repeated
 * passport numbers. Those run also while other fields are wrong (`when`), and the form shows the first message of
 * each field, so a field the contract already refused keeps that message.
 */
export function bookingFormSchema(context: RuleContext) {
  const passengers = z
    .array(passengerFieldsSchema)
    .min(1)
    .superRefine(
      (list, ctx) => {
        list.forEach((passenger, index) => {
          const type = PASSENGER_TYPES.find((known) => known === passenger.type);
          if (!type) return;
          const raw = passenger as { title: unknown; dob: unknown; passport_expiry_date: unknown };
          const errors = passengerRuleErrors(
            {
              type,
              title: typeof raw.title === 'string' ? raw.title : null,
              dob: typeof raw.dob === 'string' ? raw.dob : null,
              passport_expiry_date: typeof raw.passport_expiry_date === 'string' ? raw.passport_expiry_date : null,
            },
            context,
          );
          for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [index, field], message });
        });
        // PRODUCT §6: the later of two passengers with one passport number (the server answers the same 422).
        for (const index of findRepeatedPassports(list.map((passenger) => passenger.passport_no))) {
          ctx.addIssue({ code: 'custom', path: [index, 'passport_no'], message: PASSPORT_REPEATED_MESSAGE });
        }
      },
      { when: (payload) => Array.isArray(payload.value) },
    );
  return z
    .object({
      passengers,
      remarks: z.string().trim().max(1000, { error: 'The remarks may not be greater than 1000 characters.' }),
      book_for_agent: z.boolean(),
      agent: z.string().nullable(),
    })
    .superRefine((value, ctx) => {
      if (value.book_for_agent && !value.agent) {
        ctx.addIssue({ code: 'custom', path: ['agent'], message: 'The agent field is required.' });
      }
    });
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
  if (name === 'remarks' || name === 'agent') return name;
  return undefined;
}
