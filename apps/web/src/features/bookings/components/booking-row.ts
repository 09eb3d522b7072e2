import type { BookingListRow } from '@portal/contract/booking-lifecycle';

/**
 * What the bookings table, its actions menu and the dialogs need of a booking: the lists and the PNR page
 * answer it whole, the booking detail page builds it from its answer.
 */
export type BookingRow = Pick<
  BookingListRow,
  | 'id'
  | 'pnr'
  | 'air_line'
  | 'airline_logo'
  | 'sector'
  | 'date'
  | 'payment_status'
  | 'passenger_name'
  | 'missing_names'
  | 'passengers'
  | 'agent_id'
  | 'agent_name'
  | 'booking_date'
  | 'created_at'
  | 'confirmed'
  | 'cancel_status'
  | 'cancel_at'
  | 'total_amount'
  | 'discount'
  | 'final_total'
  | 'received_amount'
  | 'remaining_amount'
>;
