import type { AuthUser } from './auth.usecases.js';

/** How long a looked-up token is trusted without asking the database again (see SessionCache). */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: AuthUser;
  /** The token's last_used_at as last written, in ms: the hook touches it again after a minute. */
  lastUsedAt: number;
}

/**
 * Signed-in callers by bearer token, kept for a few seconds, so that a busy screen's requests do not each
 * ask the database who is calling (issue 8: the auth lookup was most of a small request's cost). The key is the
 * token itself, not its SHA-256: hashing it was a tenth of a cached small request's CPU (decision 041); the
 * database still stores only hashes, and the map holds a token only for seconds after a request brought it here.
 *
 * Correctness rests on two rules (decision 009):
 * - every successful write of this process clears the cache after it has committed (plugins/data-changes.ts),
 *   so a logout, a revoked or deactivated account, a changed name takes effect at once here; other processes
 *   hear of it through Redis when REDIS_URL is set, and within the TTL at the latest;
 * - a lookup that was running while the cache was cleared is not stored (the generation check), so a row
 *   read just before the write committed cannot be kept after it.
 * Unknown or revoked tokens are never stored: random tokens cannot fill the cache.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession & { expiresAt: number }>();
  #generation = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** Pass the value to `set` after the database lookup. */
  get generation(): number {
    return this.#generation;
  }

  get(token: string, now: number): CachedSession | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, session: CachedSession, generationAtLookup: number, now: number): void {
    if (this.ttlMs <= 0 || generationAtLookup !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, { ...session, expiresAt: now + this.ttlMs });
  }

  /** The token was touched in the database: remember when, so it is not touched again for a while. */
  touched(token: string, lastUsedAt: number): void {
    const entry = this.#entries.get(token);
    if (entry) entry.lastUsedAt = lastUsedAt;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  get size(): number {
    return this.#entries.size;
  }
}
