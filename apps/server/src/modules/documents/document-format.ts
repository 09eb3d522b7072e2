import { TBA_NAME } from '@portal/contract/ticketing';
/**
 * How documents print dates, times and money: the same shapes as the web (apps/web/src/lib/format.ts),
 * instants in Asia/Karachi (PRODUCT §3), money as whole rupees 'PKR 145,000'.
 */
export const TIME_ZONE = 'Asia/Karachi';

/** 000 §1: an agent's ID is a fixed prefix plus their agent_id (the web's AGENT_ID_PREFIX). */
export const AGENT_ID_PREFIX = 'Agent-';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pkrNumber = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 });

const karachiParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatMoney(amount: number): string {
  return `PKR ${pkrNumber.format(Math.round(amount))}`;
}

export function formatAgentId(agentId: number | null): string | null {
  return agentId === null ? null : `${AGENT_ID_PREFIX}${agentId}`;
}

/** 'YYYY-MM-DD' (a calendar date, never shifted) → '05 Mar 2026'. */
export function formatCalendarDate(value: string): string;
export function formatCalendarDate(value: string | null): string | null;
export function formatCalendarDate(value: string | null): string | null {
  if (value === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** 'HH:MM:SS' as PostgreSQL answers a time → 'HH:mm' (PRODUCT §3). */
export function formatClockTime(value: string): string {
  return value.slice(0, 5);
}

function karachiFields(instant: Date): { date: string; hour: number; minute: string } {
  const parts = Object.fromEntries(karachiParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: parts.minute ?? '00' };
}

/** An instant's Asia/Karachi calendar date, '05 Mar 2026'. */
export function formatKarachiDate(instant: Date): string {
  return formatCalendarDate(karachiFields(instant).date);
}

/** An instant's Asia/Karachi time on the 12-hour clock, '03:15 PM' (the web's 'hh:mm A'). */
export function formatKarachiTime(instant: Date): string {
  const { hour, minute } = karachiFields(instant);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(twelve).padStart(2, '0')}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '05 Mar 2026, 03:15 PM' (the web's formatDateTime). */
export function formatKarachiDateTime(instant: Date): string {
  return `${formatKarachiDate(instant)}, ${formatKarachiTime(instant)}`;
}

/** A file name part from a PNR or other free text: letters, digits and dashes only. */
export function toFileNamePart(value: string): string {
  return value.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
}

/** 'JOHN SMITH', or 'TBA' for a passenger whose name comes later (PRODUCT §6 names later). */
export function passengerFullName(passenger: { firstname: string | null; lastname: string | null }): string {
  return passenger.firstname === null || passenger.lastname === null ? TBA_NAME : `${passenger.firstname} ${passenger.lastname}`;
}
