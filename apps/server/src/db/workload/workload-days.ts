/**
 * Calendar days of the workload as numbers (days since 1970-01-01), formatted through a cache: a few thousand
 * distinct days cover every date of the workload, and formatting 700,000 of them one by one was a visible share
 * of the run.
 */
const DAY = 86_400_000;
const KARACHI_OFFSET = 5 * 3_600_000;
const dayStrings = new Map<number, string>();

/** YYYY-MM-DD of a day number. */
export function formatDay(day: number): string {
  let text = dayStrings.get(day);
  if (text === undefined) dayStrings.set(day, (text = new Date(day * DAY).toISOString().slice(0, 10)));
  return text;
}

/** The day number of a YYYY-MM-DD date. */
export function toDay(date: string): number {
  return Date.parse(date) / DAY;
}

/** YYYY-MM-DD in Asia/Karachi, which keeps UTC+5 all year (db/seed/calendar.ts). */
export function karachiDate(instant: number): string {
  return formatDay(Math.floor((instant + KARACHI_OFFSET) / DAY));
}
