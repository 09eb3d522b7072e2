import type { BookingListStatus } from '@portal/contract/booking-lifecycle';
import { NO_BOOKINGS_FOUND_TEXT } from '@portal/contract/booking-lifecycle';
import { PageHeader } from '@/components/page-header';
import { PagerFooter } from '@/components/pager-footer';
import { isAdmin, useSession } from '@/lib/session';
import { useBookings } from '../api/get-bookings';
import { BookingSearch, useBookingSearch } from './booking-search';
import { BookingsTable } from './bookings-table';

type BookingsListProps = {
  title: string;
  /** The cancelled page narrows the same list to `status=cancelled`. */
  status?: BookingListStatus;
};

/**
 * All Bookings (000 §2) and the cancelled bookings page that reuses it: search (admins every booking, agents their
 * own; decision 022), table, pager; the search and the page are kept in the address.
 */
export function BookingsList({ title, status }: BookingsListProps) {
  const admin = isAdmin(useSession());
  const { search, setSearch, targets, pager } = useBookingSearch(admin);
  const list = useBookings({ admin, search, status }, pager);
  return (
    <>
      <PageHeader title={title} />
      <BookingSearch active={search} onChange={setSearch} targets={targets} />
      <BookingsTable
        rows={list.rows}
        admin={admin}
        emptyText={NO_BOOKINGS_FOUND_TEXT}
        loading={list.isLoading}
        footer={<PagerFooter list={list} />}
      />
    </>
  );
}
