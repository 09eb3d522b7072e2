/**
 * Calendar arithmetic for the demo data. "Today" is the date in Asia/Karachi (PRODUCT §3); Pakistan keeps
 * UTC+5 all year, and the Gulf airports keep fixed offsets too, so plain offsets are exact here.
 */

import { getKarachiDate } from '../../lib/karachi-date.js';

export { getKarachiDate };

function parseDate(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

function formatUtcDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return formatUtcDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Same calendar day `years` later (29 February falls back to 28 February). */
export function addYears(date: string, years: number): string {
  const [year, month, day] = parseDate(date);
  const target = new Date(Date.UTC(year + years, month - 1, day));
  return target.getUTCMonth() === month - 1 ? formatUtcDate(target) : formatUtcDate(new Date(Date.UTC(year + years, month - 1, 28)));
}

export interface LocalMoment {
  date: string;
  /** HH:MM */
  time: string;
}

/** The instant of a local date and time at a fixed UTC offset in hours. */
export function toInstant({ date, time }: LocalMoment, utcOffsetHours: number): Date {
  const [year, month, day] = parseDate(date);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(Date.UTC(year, month - 1, day, hours!, minutes!) - utcOffsetHours * 3_600_000);
}

/** Local date and time of an instant at a fixed UTC offset in hours. */
export function toLocal(instant: Date, utcOffsetHours: number): LocalMoment {
  const shifted = new Date(instant.getTime() + utcOffsetHours * 3_600_000);
  return { date: formatUtcDate(shifted), time: shifted.toISOString().slice(11, 16) };
}
