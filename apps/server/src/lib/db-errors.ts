/** PostgreSQL SQLSTATE of a unique-index violation. */
const UNIQUE_VIOLATION = '23505';

/** True when a write failed on a unique index; Drizzle wraps the driver's error, so the causes are searched too. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
