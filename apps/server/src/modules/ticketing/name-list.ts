import { nameOrTba } from '@portal/contract/ticketing';

/**
 * The airline name list of a PNR (PRODUCT §6, decision 031), as plain text:
 *
 *   1. KHAN/ALI MR
 *   INF KHAN/ZAIN DOB 09APR25
 *   2. KHAN/SARA MRS
 *
 * One numbered line per adult or child, 'SURNAME/GIVEN NAMES TITLE'; each infant on the line under the adult it
 * travels with, 'INF SURNAME/GIVEN NAMES DOB DDMMMYY'. Bookings oldest first, passengers in form order.
 */

/** Title, names and date of birth are null for a passenger booked with names later (PRODUCT §6): it prints as TBA. */
export interface NameListPassenger {
  type: 'adult' | 'child' | 'infant';
  title: string | null;
  firstname: string | null;
  lastname: string | null;
  /** YYYY-MM-DD. */
  dob: string | null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** '2025-04-09' → '09APR25'. */
export function formatNameListDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day ?? ''}${MONTHS[Number(month) - 1] ?? ''}${(year ?? '').slice(-2)}`;
}

function fullName(passenger: NameListPassenger): string {
  return `${nameOrTba(passenger.lastname)}/${nameOrTba(passenger.firstname)}`.toUpperCase();
}

/**
 * Which adult each infant of one booking travels with (infants never outnumber adults, PRODUCT §4): an adult of the
 * infant's surname not yet carrying one, else the first adult not yet carrying one, both in form order. The seeds
 * record no pairing, and a mother booked after the father still gets her child this way.
 */
export function pairInfants(passengers: NameListPassenger[]): Map<NameListPassenger, NameListPassenger[]> {
  const adults = passengers.filter((passenger) => passenger.type === 'adult');
  const carried = new Map<NameListPassenger, NameListPassenger[]>(adults.map((adult) => [adult, []]));
  const free = (adult: NameListPassenger) => carried.get(adult)!.length === 0;
  for (const infant of passengers.filter((passenger) => passenger.type === 'infant')) {
    const surname = nameOrTba(infant.lastname);
    const adult =
      adults.find((candidate) => free(candidate) && surname !== 'TBA' && nameOrTba(candidate.lastname) === surname) ??
      adults.find(free) ??
      adults[0];
    if (adult) carried.get(adult)!.push(infant);
  }
  return carried;
}

/** The name list of some bookings (each its passengers in form order); '' when there are none. */
export function renderNameList(bookings: NameListPassenger[][]): string {
  const lines: string[] = [];
  let number = 0;
  for (const passengers of bookings) {
    const carried = pairInfants(passengers);
    for (const passenger of passengers) {
      if (passenger.type === 'infant') continue;
      number += 1;
      // A passenger without a name yet reads '1. TBA/TBA' (no title, no date: they come with the name, decision 030).
      lines.push(passenger.title === null ? `${number}. ${fullName(passenger)}` : `${number}. ${fullName(passenger)} ${passenger.title.toUpperCase()}`);
      for (const infant of carried.get(passenger) ?? []) {
        lines.push(infant.dob === null ? `INF ${fullName(infant)}` : `INF ${fullName(infant)} DOB ${formatNameListDate(infant.dob)}`);
      }
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
