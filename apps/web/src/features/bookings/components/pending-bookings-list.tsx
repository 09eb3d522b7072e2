import { notifications } from '@mantine/notifications';
import { NO_PENDING_BOOKINGS_FOUND_TEXT, PENDING_BOOKINGS_TITLE } from '@portal/contract/booking-lifecycle';
import { useEffect, useId } from 'react';
import { PageHeader } from '@/components/page-header';
import { PagerFooter } from '@/components/pager-footer';
import { isAdmin, useSession } from '@/lib/session';
import { usePendingBookings } from '../api/get-pending-bookings';
import { BookingSearch, useBookingSearch } from './booking-search';
import { BookingsTable } from './bookings-table';

export const PLEASE_WAIT_TEXT = 'Please wait...';

/** 000 §8: a loading toast 'Please wait...' while the pending bookings load; it goes when they arrive. */
function usePleaseWaitToast(active: boolean) {
  const id = useId();
  useEffect(() => {
    if (!active) return undefined;
    notifications.show({ id, message: PLEASE_WAIT_TEXT, loading: true, autoClose: false, withCloseButton: false });
    return () => {
      notifications.hide(id);
    };
  }, [active, id]);
}

/** /dashboard/pendingbookings, 'Bookings Details' (000 §2): confirmed bookings not fully paid. */
export function PendingBookingsList() {
  const admin = isAdmin(useSession());
  const { search, setSearch, targets, pager } = useBookingSearch(admin);
  const list = usePendingBookings({ admin, search }, pager);
  usePleaseWaitToast(list.isFetching);
  return (
    <>
      <PageHeader title={PENDING_BOOKINGS_TITLE} />
      <BookingSearch active={search} onChange={setSearch} targets={targets} />
      <BookingsTable
        rows={list.rows}
        admin={admin}
        emptyText={NO_PENDING_BOOKINGS_FOUND_TEXT}
        loading={list.isLoading}
        footer={<PagerFooter list={list} />}
      />
    </>
  );
}
