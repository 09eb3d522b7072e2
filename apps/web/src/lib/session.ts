import { sessionSchema, type Session } from '@portal/contract/auth';
import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '@/config/constants';

/**
 * The signed-in session, kept as JSON under local storage key `token` (000 §3).
 * One small external store: every reader (guards, header, api client) sees the same value,
 * and a change in another tab (storage event) is picked up too.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/** The stored session, or null when none is stored or it cannot be read. */
export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw) {
    try {
      const parsed = sessionSchema.safeParse(JSON.parse(raw));
      cachedSession = parsed.success ? parsed.data : null;
    } catch {
      cachedSession = null;
    }
  }
  return cachedSession;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function setSession(session: Session): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

export function updateSession(patch: Partial<Omit<Session, 'token'>>): void {
  const current = getSession();
  if (!current) return;
  setSession({ ...current, ...patch });
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } finally {
    notify();
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session; re-renders when it is stored, changed or cleared. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

export const isAdmin = (session: Session | null): boolean => session?.role === 'admin';
