import { z } from 'zod';
import { bookingListRowSchema } from './booking-lifecycle.js';
import { defineRoute, errorResponses, integerField, messageSchema, MONEY_MAX, required } from './common.js';
import { binaryResponse, XLSX_MIME } from './documents.js';
import { isValidIsoDate } from './group-form.js';
import { LEDGER_DATE_ORDER_MESSAGE, optionalDate } from './ledger.js';

/**
 * Payments and the General Report (000 §2 Payments page, §5 Payment dialog, §7; PRODUCT §4 "Payments and ledger").
 *
 * Decisions (where the seeds and PRODUCT are silent):
 * - Only admins add, edit and delete payments (000 §6: Add Payment and the payments Action column are admin-only).
 * - A payment needs a confirmed, live booking; the amount is a whole number of rupees from 1. More than what is
 *   due is accepted (an agent may pay in advance): `payment_status` is then 2 and `remaining_amount` negative.
 * - Editing a payment is `edit-booking-payment` (payment_id, receive_date, receive_amount, text); the seeds name
 *   no call for it. Edits and deletes are allowed on a cancelled booking too, so a refund can be recorded.
 * - A payment's date may not be in the future (Asia/Karachi).
 * - The General Report counts confirmed, live bookings, walk-in sales included: total_sale = sum of final_total,
 *   received_payment = sum of received_amount, pending_payment = sum of what is still due (never below 0 a booking).
 *   `pending` holds those with nothing received (payment_status 0), `partial` those partly paid (1), newest first.
 * - `from` / `to` (issue 21 §8, decision 022; each optional, both included) narrow the report to bookings made on
 *   those Asia/Karachi days (the rows' Booking Date): the totals and both lists alike. Each row's due is its
 *   `remaining_amount`.
 * - `general-report-xlsx` answers the same report, for the same range, as a spreadsheet: a Summary sheet and one
 *   sheet for each list, amounts as numbers.
 */

// ---- Texts ---------------------------------------------------------------------------------------------------

export const PAYMENT_ADDED_MESSAGE = 'Payment added successfully!';
export const PAYMENT_UPDATED_MESSAGE = 'Payment updated successfully!';
export const PAYMENT_DELETED_MESSAGE = 'Payment deleted successfully!';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found.';
export const PAYMENT_CONFIRMED_ONLY_MESSAGE = 'Payments can be added only to confirmed bookings.';
export const PAYMENT_CANCELLED_BOOKING_MESSAGE = 'Payments cannot be added to a cancelled booking.';
export const PAYMENT_FUTURE_DATE_MESSAGE = 'The receive date must not be in the future.';
/** 000 §2 Payments page cards and tables. */
export const GENERAL_REPORT_TITLE = 'General Report';
export const PAYMENT_REPORT_CARDS = {
  total_sale: 'Total Sale',
  received_payment: 'Received Payment',
  pending_payment: 'Pending Payment',
  cancellation_charges: 'Cancellation Charges',
} as const;
export const FULLY_PENDING_PAYMENTS_TITLE = 'Fully Pending Payments';
export const PARTIAL_PENDING_PAYMENTS_TITLE = 'Partial Pending Payments';

// ---- Requests ------------------------------------------------------------------------------------------------

const receiveDateField = () =>
  z
    .union([z.string(), z.null()], { error: required('receive date') })
    .transform((value) => (value ?? '').trim())
    .pipe(
      z
        .string()
        .min(1, { error: required('receive date'), abort: true })
        .refine((value) => isValidIsoDate(value.slice(0, 10)) && (value.length === 10 || value[10] === 'T' || value[10] === ' '), {
          error: 'The receive date is not a valid date (YYYY-MM-DD).',
        })
        .transform((value) => value.slice(0, 10)),
    );

const paymentFields = {
  /** YYYY-MM-DD (a longer ISO date-time is cut to its day); not in the future (checked by the server). */
  receive_date: receiveDateField(),
  receive_amount: integerField('receive amount', { min: 1, max: MONEY_MAX }),
  /** The description (000 §5: required). */
  text: z
    .union([z.string(), z.null()], { error: required('text') })
    .transform((value) => (value ?? '').trim())
    .pipe(
      z
        .string()
        .min(1, { error: required('text') })
        .max(500, { error: 'The text may not be greater than 500 characters.' }),
    ),
};

/** POST update-booking-payment: add a payment to a confirmed booking (000 §7). */
export const addPaymentBodySchema = z.object({
  booking_id: integerField('booking id', { min: 1, integerMessage: 'The booking id must be a number.' }),
  ...paymentFields,
});
export type AddPaymentBody = z.output<typeof addPaymentBodySchema>;
export type AddPaymentInput = z.input<typeof addPaymentBodySchema>;

const paymentIdField = () => integerField('payment id', { min: 1, integerMessage: 'The payment id must be a number.' });

/** POST edit-booking-payment (our name; the seeds show none). */
export const editPaymentBodySchema = z.object({ payment_id: paymentIdField(), ...paymentFields });
export type EditPaymentBody = z.output<typeof editPaymentBodySchema>;
export type EditPaymentInput = z.input<typeof editPaymentBodySchema>;

/** POST delete-booking-payment (000 §7): soft delete recording who deleted it. */
export const deletePaymentBodySchema = z.object({ payment_id: paymentIdField() });
export type DeletePaymentBody = z.output<typeof deletePaymentBodySchema>;

/** listofallpendingpayments and general-report-xlsx: an optional from..to range of booking dates. */
export const generalReportQuerySchema = z
  .object({ from: optionalDate('from'), to: optionalDate('to') })
  .superRefine((query, ctx) => {
    if (query.from !== '' && query.to !== '' && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: LEDGER_DATE_ORDER_MESSAGE });
    }
  });
export type GeneralReportQuery = z.output<typeof generalReportQuerySchema>;

/** What a General Report covers, as its page and its workbook say it; `formatDate` shows a 'YYYY-MM-DD'. */
export function describeReportPeriod({ from, to }: { from?: string | undefined; to?: string | undefined }, formatDate: (date: string) => string): string {
  if (from && to) return `Booked ${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `Booked from ${formatDate(from)}`;
  if (to) return `Booked until ${formatDate(to)}`;
  return 'All bookings';
}
export type GeneralReportInput = z.input<typeof generalReportQuerySchema>;

// ---- Answers -------------------------------------------------------------------------------------------------

export const paymentReportSchema = z.object({
  total_sale: z.number().int(),
  received_payment: z.number().int(),
  pending_payment: z.number().int(),
  /** PRODUCT §6: the charges kept on cancelled bookings made in the range (decision 032); not in total_sale. */
  cancellation_charges: z.number().int(),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

export const allPendingPaymentsResponseSchema = z.object({
  data: z.object({
    report: paymentReportSchema,
    pending: z.array(bookingListRowSchema),
    partial: z.array(bookingListRowSchema),
  }),
});
export type AllPendingPaymentsResponse = z.infer<typeof allPendingPaymentsResponseSchema>;

// ---- Routes --------------------------------------------------------------------------------------------------

export const addPaymentRoute = defineRoute({
  method: 'POST',
  path: '/update-booking-payment',
  summary: 'Record a payment on a confirmed, live booking; received, remaining and payment status follow; an `in` ledger row for an agent',
  tags: ['payments'],
  access: 'admin',
  body: addPaymentBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const editPaymentRoute = defineRoute({
  method: 'POST',
  path: '/edit-booking-payment',
  summary: 'Change a live payment (date, amount, description), recording who edited it; the booking and ledger follow',
  tags: ['payments'],
  access: 'admin',
  body: editPaymentBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const deletePaymentRoute = defineRoute({
  method: 'POST',
  path: '/delete-booking-payment',
  summary: 'Soft-delete a payment, recording who deleted it; the booking and ledger follow',
  tags: ['payments'],
  access: 'admin',
  body: deletePaymentBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const allPendingPaymentsRoute = defineRoute({
  method: 'GET',
  path: '/listofallpendingpayments',
  summary: 'General Report: totals of confirmed live bookings, and the fully pending and partly paid ones (from..to: booking dates)',
  tags: ['payments'],
  access: 'admin',
  querystring: generalReportQuerySchema,
  response: { 200: allPendingPaymentsResponseSchema, ...errorResponses },
});

export const generalReportXlsxRoute = defineRoute({
  method: 'GET',
  path: '/general-report-xlsx',
  summary: 'The General Report as xlsx (Summary, Fully Pending, Partial Pending sheets) for the same from..to range',
  tags: ['payments'],
  access: 'admin',
  querystring: generalReportQuerySchema,
  response: { 200: binaryResponse('general-report[-{from}-to-{to}].xlsx', [XLSX_MIME]), ...errorResponses },
});
