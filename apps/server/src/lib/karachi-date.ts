/** "Today" and displayed dates are Asia/Karachi (PRODUCT §3). */
const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Karachi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of an instant in Asia/Karachi. */
export function getKarachiDate(instant: Date): string {
  return KARACHI_DATE.format(instant);
}

/** Today's date in Asia/Karachi, YYYY-MM-DD. */
export function getKarachiToday(now: Date = new Date()): string {
  return KARACHI_DATE.format(now);
}
