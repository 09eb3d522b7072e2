import { agentBookingDetailRoute, bookingDetailRoute } from '@portal/contract/booking-lifecycle';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isAdmin, useSession } from '@/lib/session';

/** 000 §7: admins read booking-detail, everyone else agent-booking-detail. */
export function getBookingDetail({ bookingId, admin, signal }: { bookingId: number; admin: boolean; signal?: AbortSignal }) {
  const body = { booking_id: bookingId };
  return admin
    ? apiRequest(bookingDetailRoute, { body, signal })
    : apiRequest(agentBookingDetailRoute, { body, signal });
}

/** The new booking's signed PDF link (pdf_download_link) for 'Download Booking' and its hold expiry (cancel_at). */
export function useBookingPdfLink(bookingId: number) {
  const admin = isAdmin(useSession());
  return useQuery({
    queryKey: ['booking-pdf-link', { bookingId, admin }],
    queryFn: ({ signal }) => getBookingDetail({ bookingId, admin, signal }),
    select: (answer) => ({ pdfLink: answer.data.pdf_download_link, cancelAt: answer.data.cancel_at }),
  });
}
