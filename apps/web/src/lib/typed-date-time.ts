/**
 * Dates and times as people type them (issue 21 §9, decision 024). Agents and admins in Pakistan write the
 * day first (25/12/2026, 25-12-2026, 25.12.2026, 25 Dec 2026) and times on either clock (14:30, 1430,
 * 2:30 PM). The API speaks `YYYY-MM-DD` and `HH:mm` (PRODUCT §3); these turn typed text into those, or null.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/** A month's name or its first three letters ('Dec', 'december', 'Sept'); 1-12 or undefined. */
function monthOfName(name: string): number | undefined {
  const word = name.toLowerCase().replace(/\.$/, '');
  if (word.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => word.startsWith(month));
  if (index < 0) return undefined;
  const full = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2000, index, 1)))
    .toLowerCase();
  // 'Dec' and 'December' (and 'Sept'), not 'Decxyz'.
  return full.startsWith(word) ? index + 1 : undefined;
}

/** Two-digit years are this century's (a flight's or a passport's date, never 19xx typed as 2 digits). */
function fullYear(text: string, twoDigitYear: boolean): number | undefined {
  if (/^\d{4}$/.test(text)) return Number(text);
  if (twoDigitYear && /^\d{2}$/.test(text)) return 2000 + Number(text);
  return undefined;
}

function toIsoDate(year: number | undefined, month: number | undefined, day: number): string | null {
  if (year === undefined || month === undefined || year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * `YYYY-MM-DD` of a typed date, or null. Accepted: `2026-12-25` (and `2026/12/25`); day first with `/`, `-`,
 * `.` or spaces, 2- or 4-digit year (`25/12/2026`, `5-1-26`); a month's name (`25 Dec 2026`, `25-dec-2026`,
 * `25th December 2026`, `Dec 25, 2026`). Numbers are never read month first: 05/06/2026 is 5 June.
 * `twoDigitYear: false` reads only 4-digit years: while someone is still typing '25/12/2026', '25/12/20'
 * is not yet a date (it would be 2020 for a moment).
 */
export function parseTypedDate(text: string, { twoDigitYear = true }: { twoDigitYear?: boolean } = {}): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (match) return toIsoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})(?:st|nd|rd|th)?[ /.-]+(\d{1,2})[ /.-]+(\d{2}|\d{4})$/i.exec(value);
  if (match) return toIsoDate(fullYear(match[3]!, twoDigitYear), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})(?:st|nd|rd|th)?[ /.-]*([a-z]+\.?)[ /.,-]+(\d{2}|\d{4})$/i.exec(value);
  if (match) return toIsoDate(fullYear(match[3]!, twoDigitYear), monthOfName(match[2]!), Number(match[1]));
  match = /^([a-z]+\.?)[ /.-]*(\d{1,2})(?:st|nd|rd|th)?,?[ /.-]+(\d{2}|\d{4})$/i.exec(value);
  if (match) return toIsoDate(fullYear(match[3]!, twoDigitYear), monthOfName(match[1]!), Number(match[2]));
  return null;
}

/**
 * `HH:mm` of a typed time, or null. Accepted: 24-hour `14:30`, `14.30`, `14 30`, `1430`, `930`, `14`; and
 * 12-hour with am/pm in any case, dotted or not, spaced or not (`2:30 PM`, `2.30pm`, `2 p.m.`, `12 am` is
 * midnight). Seconds (`14:30:00`, from a picker) are dropped.
 */
export function parseTypedTime(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const match = /^(\d{1,2})(?:[:. ]?(\d{2}))?(?::\d{2})? ?(?:([ap])\.?(?:m\.?)?)?$/.exec(value);
  if (!match) return null;
  return toTime(Number(match[1]), match[2] === undefined ? 0 : Number(match[2]), match[3]);
}

function toTime(hours: number, minutes: number, half: string | undefined): string | null {
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    const hour24 = (hours % 12) + (half === 'p' ? 12 : 0);
    return `${pad(hour24)}:${pad(minutes)}`;
  }
  if (hours > 23) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}
