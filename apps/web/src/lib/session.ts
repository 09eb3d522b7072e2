import type { Session } from '@portal/contract/auth';
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

const isString = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * The stored value read as a Session, checked field by field as contract sessionSchema does (unknown keys are
 * dropped), or null when it does not match. Hand-written so the start-up bundle does not need zod.
 */
export function parseSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (
    !isString(v.token) ||
    (v.role !== 'admin' && v.role !== 'user') ||
    !isString(v.name) ||
    !(v.image === null || isString(v.image)) ||
    !(v.agent_id === null || isInt(v.agent_id)) ||
    !isInt(v.user_id) ||
    !isString(v.email) ||
    !isBoolean(v.change_password) ||
    !isBoolean(v.w_verified)
  ) {
    return null;
  }
  return {
    token: v.token,
    role: v.role,
    name: v.name,
    image: v.image,
    agent_id: v.agent_id,
    user_id: v.user_id,
    email: v.email,
    change_password: v.change_password,
    w_verified: v.w_verified,
  };
}

/** The stored session, or null when none is stored or it cannot be read. */
export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw) {
    try {
      cachedSession = parseSession(JSON.parse(raw));
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
