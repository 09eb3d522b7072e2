/**
 * Bookings table columns (000 §2): Pay. Status and Agent only for admins; Due, the amount still owed, where a list is
 * about payments (the General Report, issue 21 §8); the last one holds the actions menu.
 */
export function getBookingColumns(admin: boolean, { due = false }: { due?: boolean } = {}): string[] {
  return [
    'Id',
    'PNR',
    'Airline',
    'Sector',
    'Date',
    ...(admin ? ['Pay. Status'] : []),
    ...(due ? ['Due'] : []),
    'Pse. Name',
    ...(admin ? ['Agent'] : []),
    'Booking Date',
    'Status',
    'Action',
  ];
}
