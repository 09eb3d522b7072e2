import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { TIME_ZONE } from '@/config/constants';

dayjs.extend(utc);
dayjs.extend(timezone);

// Amounts are formatted in money.ts: the dashboard header shows them without loading dayjs (initial JS).

/** A date or instant shown in Asia/Karachi. A plain 'YYYY-MM-DD' is a calendar date and is not shifted. */
export function toKarachi(value: string | number | Date): dayjs.Dayjs {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs.tz(value, TIME_ZONE);
  return dayjs(value).tz(TIME_ZONE);
}

export function formatDate(value: string | number | Date | null | undefined, format = 'DD MMM YYYY'): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const day = toKarachi(value);
  return day.isValid() ? day.format(format) : 'N/A';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  return formatDate(value, 'DD MMM YYYY, hh:mm A');
}

/** Today in Karachi as 'YYYY-MM-DD'. */
export function todayInKarachi(): string {
  return dayjs().tz(TIME_ZONE).format('YYYY-MM-DD');
}

/** A date for an API path or field: 'YYYY-MM-DD'. */
export function toApiDate(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DD');
}

export { dayjs };
