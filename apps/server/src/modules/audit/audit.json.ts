import type { AuditSnapshot } from '@portal/contract/audit';

/**
 * Columns never copied into the audit trail (decision 035): password hashes, one-time codes, tokens and keys.
 * The audit trail cannot be corrected or erased, so a secret written there would stay for ever.
 */
const SECRET_KEY = /hash|token|secret|idempotency/i;
/** Passport numbers are personal data: kept masked to their last 4 characters (decision 035). */
const PASSPORT_KEY = /^passport_?no$/i;

export function maskPassport(value: string): string {
  const visible = value.slice(-4);
  return `${'•'.repeat(Math.max(0, value.length - visible.length))}${visible}`;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A row as audit JSON: snake_case names (the API's), instants as ISO text, secrets out, passports masked. The rules
 * every snapshot follows, the ones made in SQL included (bookings/booking-audit-sql.ts asks them of this function).
 */
export function toAuditJson(row: object): AuditSnapshot {
  const out: AuditSnapshot = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_KEY.test(key)) continue;
    const name = snakeCase(key);
    if (PASSPORT_KEY.test(key) && typeof value === 'string') out[name] = maskPassport(value);
    else if (value instanceof Date) out[name] = value.toISOString();
    else if (Array.isArray(value)) out[name] = value.map((item: unknown) => (item && typeof item === 'object' ? toAuditJson(item) : item));
    else if (value && typeof value === 'object') out[name] = toAuditJson(value);
    else out[name] = value;
  }
  return out;
}
