/** Bookings table columns (000 §2): one definition, kept with the bookings feature. */
export { getBookingColumns } from '@/features/bookings/components/booking-columns';
