import { bookingListRowSchema, type BookingListRow } from '@portal/contract/booking-lifecycle';
import { allPendingPaymentsResponseSchema, type AllPendingPaymentsResponse } from '@portal/contract/payments';

/** A confirmed, live booking row as the General Report lists it, parsed with the contract's schema. */
export function buildReportRow(overrides: Partial<BookingListRow> = {}): BookingListRow {
  return bookingListRowSchema.parse({
    id: 11,
    pnr: 'PND111',
    group_id: 7,
    air_line: 'Pakistan International Airlines',
    airline_logo: null,
    air_line_logo: null,
    sector: 'LHE - JED',
    date: '2031-03-10',
    payment_status: 0,
    passenger_name: 'Mr ALI KHAN',
    missing_names: 0,
    passengers: 2,
    agent: 12,
    agent_id: 1042,
    agent_name: 'Bilal Travels',
    walking: 0,
    booking_date: '2031-03-01',
    created_at: '2031-03-01T07:00:00.000Z',
    updated_at: '2031-03-01T07:00:00.000Z',
    confirmed: 1,
    confirm: 1,
    cancel_status: 0,
    ticketed: 0,
    cancel_at: null,
    total_amount: 290000,
    discount: 0,
    final_total: 290000,
    received_amount: 0,
    remaining_amount: 290000,
    adults: 2,
    children: 0,
    infants: 0,
    ...overrides,
  });
}

export function buildGeneralReport(): AllPendingPaymentsResponse {
  return allPendingPaymentsResponseSchema.parse({
    data: {
      report: { total_sale: 1250000, received_payment: 420000, pending_payment: 830000, cancellation_charges: 15000 },
      pending: [buildReportRow()],
      partial: [
        buildReportRow({
          id: 12,
          pnr: 'PRT222',
          payment_status: 1,
          agent: 0,
          agent_id: null,
          agent_name: 'Walk-in',
          walking: 1,
          received_amount: 100000,
          remaining_amount: 190000,
        }),
      ],
    },
  });
}
