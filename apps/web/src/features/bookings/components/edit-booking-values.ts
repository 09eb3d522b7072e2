import type { BookingEditDetail } from '@portal/contract/booking-lifecycle';
import { PASSPORT_IMAGE_REQUIRED_MESSAGE } from '@portal/contract/booking-lifecycle';
import {
  findPassengerTitle,
  findRepeatedPassports,
  getPassengerDateErrors,
  passengerFieldsSchema,
  PASSPORT_REPEATED_MESSAGE,
  passengerTitleMessage,
  PASSENGER_TYPES,
  type PassengerType,
} from '@portal/contract/bookings';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { PassengerFieldValues } from '@/components/passenger-fieldset';

/** The shared passenger fieldset's values and the stored scans. */
export type PassengerEditValues = PassengerFieldValues & {
  /** The stored scans (signed links); a passenger with a stored passport needs no new one. */
  current_passport: string | null;
  current_visa: string | null;
  /** Booked with names later and still without a name (PRODUCT §6): left empty, it stays 'TBA'. */
  name_pending: boolean;
};

export type EditBookingValues = { passengers: PassengerEditValues[] };

/** The form's starting values: the stored passengers in booking order. */
export function toEditValues(detail: BookingEditDetail): EditBookingValues {
  return {
    passengers: [...detail.booking_sub]
      .sort((a, b) => a.position - b.position)
      .map((passenger) => ({
        type: passenger.type,
        title: passenger.title ? (findPassengerTitle(passenger.type, passenger.title) ?? null) : null,
        firstname: passenger.firstname ?? '',
        lastname: passenger.lastname ?? '',
        dob: passenger.dob || null,
        passport_no: passenger.passport_no ?? '',
        passport_expiry_date: passenger.passport_expiry_date || null,
        passport_img: null,
        visa_copy: null,
        current_passport: passenger.passport_img || null,
        current_visa: passenger.visa_copy,
        name_pending: passenger.firstname === null,
      })),
  };
}

/** A date field of the form (null until picked) checked with the contract's date rule. */
const dateText = <T extends z.ZodType<string, string>>(field: T) =>
  z
    .string()
    .nullable()
    .transform((value) => value ?? '')
    .pipe(field);
const fields = passengerFieldsSchema.shape;

/**
 * The Update Booking rules (000 §5, PRODUCT §4), the add-booking passenger rules of the contract: title from
 * the list for the type, names, dates, passport number; the passport scan is required unless one is stored or
 * chosen ('Passport image is required'); ages on the first departure and expiry against the last travel date;
 * no passport number twice (PRODUCT §6).
 */
export function buildEditBookingSchema(detail: Pick<BookingEditDetail, 'date' | 'last_date'>, today: string) {
  const passenger = z
    .object({
      type: z.enum(PASSENGER_TYPES),
      title: z.string().nullable(),
      firstname: fields.firstname,
      lastname: fields.lastname,
      dob: dateText(fields.dob),
      passport_no: fields.passport_no,
      passport_expiry_date: dateText(fields.passport_expiry_date),
      passport_img: z.instanceof(File).nullable(),
      visa_copy: z.instanceof(File).nullable(),
      current_passport: z.string().nullable(),
      current_visa: z.string().nullable(),
      name_pending: z.boolean(),
    })
    // Title and scan are checked even while other fields of the passenger are wrong, so every problem shows at once.
    .superRefine(
      (values, ctx) => {
        const type = PASSENGER_TYPES.find((known) => known === values.type);
        if (!values.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'The title field is required.' });
        else if (type && !findPassengerTitle(type, values.title)) {
          ctx.addIssue({ code: 'custom', path: ['title'], message: passengerTitleMessage(type) });
        }
        if (!values.passport_img && !values.current_passport) {
          ctx.addIssue({ code: 'custom', path: ['passport_img'], message: PASSPORT_IMAGE_REQUIRED_MESSAGE });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .superRefine((values, ctx) => {
      const dateErrors = getPassengerDateErrors({
        type: values.type,
        dob: String(values.dob),
        passportExpiryDate: String(values.passport_expiry_date),
        today,
        firstDeparture: detail.date,
        lastTravelDate: detail.last_date,
      });
      for (const [field, message] of Object.entries(dateErrors)) ctx.addIssue({ code: 'custom', path: [field], message });
    });
  // PRODUCT §6 names later: a passenger still without a name may be left empty; it is sent by its type alone.
  const pendingOrPassenger = z.custom<PassengerEditValues>().transform((value, ctx): z.output<typeof passenger> | PendingPassenger => {
    if (isLeftEmpty(value)) return { type: value.type, name_pending: true, left_empty: true };
    const parsed = passenger.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message, path: issue.path } as never);
    return z.NEVER;
  });
  const passengers = z.array(pendingOrPassenger).superRefine(
    (list, ctx) => {
      // PRODUCT §6: the later of two passengers with one passport number (the server answers the same 422).
      for (const index of findRepeatedPassports(list.map((item) => ('left_empty' in item ? '' : item.passport_no)))) {
        ctx.addIssue({ code: 'custom', path: [index, 'passport_no'], message: PASSPORT_REPEATED_MESSAGE });
      }
    },
    // Also while other fields are wrong, so every problem shows at once.
    { when: (payload) => Array.isArray(payload.value) },
  );
  return z.object({ passengers });
}

export type EditBookingOutput = z.output<ReturnType<typeof buildEditBookingSchema>>;

/** A names-later passenger left without its details (sent as its type alone, it stays 'TBA'). */
type PendingPassenger = { type: PassengerType; name_pending: true; left_empty: true };

function isLeftEmpty(value: PassengerEditValues): boolean {
  return (
    value.name_pending &&
    !value.title &&
    !value.firstname.trim() &&
    !value.lastname.trim() &&
    !value.dob &&
    !value.passport_no.trim() &&
    !value.passport_expiry_date &&
    !value.passport_img &&
    !value.visa_copy
  );
}

/**
 * The booking-update body (000 §7): every passenger's texts as `name[]` in booking order, and only the
 * newly chosen scans as `passport_img[N]` / `visa_copy[N]`, so a passenger without a new file keeps the stored one.
 */
export function toBookingUpdateForm(bookingId: number, values: EditBookingOutput): FormData {
  const form = new FormData();
  form.append('booking_id', String(bookingId));
  values.passengers.forEach((passenger, index) => {
    if ('left_empty' in passenger) {
      // Its type alone (PRODUCT §6): the server keeps it 'TBA'.
      for (const name of ['titles[]', 'firstname[]', 'lastname[]', 'dob[]', 'passport_no[]', 'passport_expiry_date[]']) form.append(name, '');
      form.append('type[]', passenger.type);
      return;
    }
    form.append('titles[]', passenger.title ?? '');
    form.append('firstname[]', passenger.firstname);
    form.append('lastname[]', passenger.lastname);
    form.append('dob[]', String(passenger.dob));
    form.append('passport_no[]', passenger.passport_no);
    form.append('passport_expiry_date[]', String(passenger.passport_expiry_date));
    form.append('type[]', passenger.type);
    if (passenger.passport_img) form.append(`passport_img[${index}]`, passenger.passport_img);
    if (passenger.visa_copy) form.append(`visa_copy[${index}]`, passenger.visa_copy);
  });
  return form;
}

const SERVER_FIELDS: Record<string, keyof PassengerEditValues> = {
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

/** A 422 key of booking-update ('firstname.1') as a form path ('passengers.1.firstname'). */
export function toEditField(key: string): Path<EditBookingValues> | undefined {
  const [name, index] = key.split('.');
  const field = name ? SERVER_FIELDS[name] : undefined;
  if (!field || index === undefined || !/^\d+$/.test(index)) return undefined;
  return `passengers.${Number(index)}.${field}`;
}
