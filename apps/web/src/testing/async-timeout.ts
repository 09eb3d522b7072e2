/**
 * How long a test waits for the page to reach a state (testing-library's findBy and waitFor, and vi.waitFor, whose
 * own default is 1 s): routes and menus load lazily, and on a busy 2-core CI machine running suites in parallel that
 * can take seconds. 30 s: on 2026-11-29 the host ran five times slower than usual (node:http 71 µs a request against
 * 13), a page load of the groups list took longer than 15 s, and the share menu's code longer than vi.waitFor's 1 s.
 * A test still fails on wrong behaviour, only later.
 */
export const ASYNC_TIMEOUT_MS = 30_000;

/** vi.waitFor's options with that timeout. */
export const WAIT = { timeout: ASYNC_TIMEOUT_MS } as const;
