/** PostgreSQL SQLSTATE of a unique-index violation. */
const UNIQUE_VIOLATION = '23505';

/** True when a write failed on a unique index; Drizzle wraps the driver's error, so the causes are searched too. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * Codes of a write that found no room: PostgreSQL's disk_full (PGlite reports it too), the OS's ENOSPC and
 * EDQUOT (a quota), and errno 51, Emscripten's ENOSPC, thrown by PGlite's file system while it starts.
 */
const DISK_FULL_CODES = new Set<unknown>(['53100', 'ENOSPC', 'EDQUOT']);

/** True when an error (or one of its causes) says the disk is full (issue 16.12). */
export function isDiskFull(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, name, errno } = current as { code?: unknown; name?: unknown; errno?: unknown };
    if (DISK_FULL_CODES.has(code)) return true;
    if (name === 'ErrnoError' && errno === 51) return true;
  }
  return false;
}
