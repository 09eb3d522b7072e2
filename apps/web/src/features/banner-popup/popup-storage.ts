/**
 * What the banner popup remembers in local storage (000 §4, §9; decision 021). Keys:
 * - `banner_popup_hidden`: '1' once someone chose 'Don't show again' on this browser (the seeds' permanent-hide flag).
 * - `banner_popup_seen`: '1' once a popup has stayed on screen for 6 seconds (the 6-second timer's flag). Only then
 *   is 'Don't show again' offered, so a user opts out of promotions having seen one.
 * - `banner_popup_closed:{user_id}`: the banners this user has closed, as `{ [banner id]: updated_at }`. A banner
 *   shows once per user and version: closed, it stays away in later sessions too, until an admin edits it.
 *   This replaces the seeds' "shows again 1 hour after it was closed" (issue 21 §11).
 */
export const POPUP_HIDDEN_KEY = 'banner_popup_hidden';
export const POPUP_SEEN_KEY = 'banner_popup_seen';
export const popupClosedKey = (userId: number) => `banner_popup_closed:${userId}`;

/** 000 §9: the popup timer, 6 s. */
export const POPUP_SEEN_DELAY_MS = 6000;
/** The closed banners remembered per user; the oldest banners (lowest ids) are dropped past it. */
const CLOSED_BANNERS_KEPT = 50;

/** A banner as the popup tells its versions apart. */
export type BannerVersion = { id: number; updated_at: string };

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

/** The user's closed banners; anything unreadable counts as none closed. */
function closedBanners(userId: number): Record<string, string> {
  try {
    const value: unknown = JSON.parse(read(popupClosedKey(userId)) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** true when this user has closed this banner in this version. */
export function isBannerClosed(userId: number, banner: BannerVersion): boolean {
  return closedBanners(userId)[String(banner.id)] === banner.updated_at;
}

export function storeBannerClosed(userId: number, banner: BannerVersion): void {
  const closed = { ...closedBanners(userId), [banner.id]: banner.updated_at };
  // Integer-like keys keep ascending order in an object: the last ones are the newest banners.
  write(popupClosedKey(userId), JSON.stringify(Object.fromEntries(Object.entries(closed).slice(-CLOSED_BANNERS_KEPT))));
}
