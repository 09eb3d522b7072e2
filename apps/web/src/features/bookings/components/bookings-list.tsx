import type { BookingListStatus } from '@portal/contract/booking-lifecycle';
import { NO_BOOKINGS_FOUND_TEXT } from '@portal/contract/booking-lifecycle';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { PagerFooter } from '@/components/pager-footer';
import { isAdmin, useSession } from '@/lib/session';
import { useBookings, type BookingSearch as Search } from '../api/get-bookings';
import { BookingSearch } from './booking-search';
import { BookingsTable } from './bookings-table';

type BookingsListProps = {
  title: string;
  /** The cancelled page narrows the same list to `status=cancelled`. */
  status?: BookingListStatus;
};

/** All Bookings (000 §2) and the cancelled bookings page that reuses it: admin search, table, pager. */
export function BookingsList({ title, status }: BookingsListProps) {
  const admin = isAdmin(useSession());
  const [search, setSearch] = useState<Search>(null);
  const list = useBookings({ admin, search: admin ? search : null, status });
  return (
    <>
      <PageHeader title={title} />
      {admin ? <BookingSearch active={search} onChange={setSearch} /> : null}
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
