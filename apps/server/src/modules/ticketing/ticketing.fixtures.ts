import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { insertTestBooking, type TestBookingState } from '../bookings/booking-lifecycle.factories.js';
import { bookingPassengers } from '../bookings/bookings.table.js';
import type { GroupRow } from '../groups/groups.table.js';

/** Test-only fixtures of the ticketing tests (decision 031). Self-contained, so the server build accepts it. */

/** An xlsx workbook of one sheet holding these rows (the first is the header). */
export async function buildXlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tickets');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface NamedPassenger {
  type?: 'adult' | 'child' | 'infant';
  firstname: string;
  lastname: string;
  title?: string;
  dob?: string;
}

/**
 * A booking of `group` whose passengers bear these names (adults first, then children, then infants, as the
 * factory orders them).
 */
export async function insertNamedBooking(
  db: Database,
  {
    uploadsDir,
    group,
    addedBy,
    agentUserId,
    state = 'confirmed',
    passengers,
  }: {
    uploadsDir: string;
    group: GroupRow;
    addedBy: number;
    agentUserId: number | null;
    state?: TestBookingState;
    passengers: NamedPassenger[];
  },
): Promise<{ id: number; passengerIds: number[] }> {
  const count = (type: string) => passengers.filter((passenger) => (passenger.type ?? 'adult') === type).length;
  const { booking, passengerIds } = await insertTestBooking(db, {
    uploadsDir,
    group,
    addedBy,
    agentUserId,
    state,
    adults: count('adult'),
    children: count('child'),
    infants: count('infant'),
  });
  const ordered = [
    ...passengers.filter((passenger) => (passenger.type ?? 'adult') === 'adult'),
    ...passengers.filter((passenger) => passenger.type === 'child'),
    ...passengers.filter((passenger) => passenger.type === 'infant'),
  ];
  for (const [index, passenger] of ordered.entries()) {
    await db
      .update(bookingPassengers)
      .set({
        firstname: passenger.firstname,
        lastname: passenger.lastname,
        ...(passenger.title ? { title: passenger.title } : {}),
        ...(passenger.dob ? { dob: passenger.dob } : {}),
      })
      .where(eq(bookingPassengers.id, passengerIds[index]!));
  }
  return { id: booking.id, passengerIds };
}
