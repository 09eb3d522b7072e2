/**
 * What the banner popup remembers in local storage (000 §4, §9). Keys:
 * - `banner_popup_hidden`: '1' once the user chose 'Don't show again' (the permanent-hide flag).
 * - `banner_popup_closed_at`: when the popup was last closed (epoch ms); it stays away for an hour after it.
 * - `banner_popup_seen`: '1' once a popup has stayed on screen for 6 seconds (the 6-second timer's flag). Only then
 *   is 'Don't show again' offered, so a user opts out of promotions having seen one.
 */
export const POPUP_HIDDEN_KEY = 'banner_popup_hidden';
export const POPUP_CLOSED_AT_KEY = 'banner_popup_closed_at';
export const POPUP_SEEN_KEY = 'banner_popup_seen';

/** 000 §9: the popup shows again 1 hour after it was closed. */
export const POPUP_RESHOW_MS = 60 * 60 * 1000;
/** 000 §9: the popup timer, 6 s. */
export const POPUP_SEEN_DELAY_MS = 6000;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the popup then simply shows again next time.
  }
}

export function isPopupHiddenForever(): boolean {
  return read(POPUP_HIDDEN_KEY) === '1';
}

export function hidePopupForever(): void {
  write(POPUP_HIDDEN_KEY, '1');
}

export function isPopupSeen(): boolean {
  return read(POPUP_SEEN_KEY) === '1';
}

export function markPopupSeen(): void {
  write(POPUP_SEEN_KEY, '1');
}

export function storePopupClosedAt(now: number): void {
  write(POPUP_CLOSED_AT_KEY, String(now));
}

/** The closing time stored, or null (none, or not a number). */
export function popupClosedAt(): number | null {
  const raw = read(POPUP_CLOSED_AT_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/**
 * Milliseconds until the popup may show: 0 when it may show now, null when it never will (permanent hide).
 * A closing time in the future (clock changed) counts as closed now.
 */
export function popupWaitMs(now: number): number | null {
  if (isPopupHiddenForever()) return null;
  const closedAt = popupClosedAt();
  if (closedAt === null) return 0;
  return Math.max(0, Math.min(closedAt, now) + POPUP_RESHOW_MS - now);
}
