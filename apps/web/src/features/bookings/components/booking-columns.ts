/** Bookings table columns (000 §2): Pay. Status and Agent only for admins; the last one holds the actions menu. */
export function getBookingColumns(admin: boolean): string[] {
  return [
    'Id',
    'PNR',
    'Airline',
    'Sector',
    'Date',
    ...(admin ? ['Pay. Status'] : []),
    'Pse. Name',
    ...(admin ? ['Agent'] : []),
    'Booking Date',
    'Status',
    'Action',
  ];
}
