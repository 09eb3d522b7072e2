/** Business constants and fixed texts the app shows (000 §8-§9, 001 §8-§9). Quoted exactly, typos included. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later';
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const SECURITY_ANSWER_ERROR = 'Incorrect answer to the security question. Please try again.';
export const PAGE_NOT_FOUND_TEXT = 'Sorry! Page Not Found';

/** Local storage keys. `token` holds the session JSON (000 §3); `version` is the site version marker (000 §4). */
export const SESSION_STORAGE_KEY = 'token';
export const SITE_VERSION_STORAGE_KEY = 'version';
export const SITE_VERSION = '1.0';

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
/**
 * Toasts on screen at once; more wait their turn. 000 §9 allowed 20 stacked, which covered the page (issue 21 §6,
 * decision 021).
 */
export const TOAST_LIMIT = 3;
/** Reload delay after a password change (000 §9); lists refresh at once after a change (decision 021). */
export const RELOAD_DELAY_MS = 2000;
export const HEADER_HEIGHT = 77;
export const HEADER_SCROLL_THRESHOLD = 10;
export const NOTIFICATION_BADGE_PLACEHOLDER = 0;
export const AGENT_ID_PREFIX = 'Agent-';
export const DEFAULT_COUNTRY = 'Pakistan';
export const TIME_ZONE = 'Asia/Karachi';

/** Confirmation before closing, re-opening or deleting (001 §2), typos included. */
export const CONFIRM_ACTION_TEXT = 'This action can not be undo. Are you sure to proceed this?';
/** The seed's alert for a chosen file over the limit (the limit itself is the contract's MAX_UPLOAD_BYTES). */
export const FILE_TOO_LARGE_ALERT = 'File size should be less than 2MB';
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
