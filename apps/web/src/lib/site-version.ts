import { SITE_VERSION, SITE_VERSION_STORAGE_KEY } from '@/config/constants';

/** Set once per tab when a reload was asked, so a browser that cannot keep the marker never loops. */
const RELOAD_GUARD_KEY = 'version-reloaded';

/**
 * Site version marker (000 §4): local storage key `version` must hold '1.0'. When it does not,
 * it is written and the page hard-reloads so the browser fetches the current build.
 * Returns true when a reload was started (the caller should not render).
 * The reload happens only when the write actually stuck and at most once per tab, so it cannot loop.
 */
export function ensureSiteVersion(reload: () => void = () => window.location.reload()): boolean {
  try {
    const storage = window.localStorage;
    if (storage.getItem(SITE_VERSION_STORAGE_KEY) === SITE_VERSION) return false;
    storage.setItem(SITE_VERSION_STORAGE_KEY, SITE_VERSION);
    if (storage.getItem(SITE_VERSION_STORAGE_KEY) !== SITE_VERSION) return false;
    if (window.sessionStorage.getItem(RELOAD_GUARD_KEY) === SITE_VERSION) return false;
    window.sessionStorage.setItem(RELOAD_GUARD_KEY, SITE_VERSION);
  } catch {
    return false;
  }
  reload();
  return true;
}
