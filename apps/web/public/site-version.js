/* global window -- a classic script served as is from public/, run by the browser */
// Site version marker (000 §4): local storage `version` must hold '1.0'; when it does not, it is
// written and the page hard-reloads. Run here, as a tiny blocking script early in <head>, the first
// visit reloads before the app's bundle is fetched and run (issue 8: Lighthouse counted ~1.7 s).
// Same rule and keys as src/lib/site-version.ts, which main.tsx still calls as the fallback.
(function () {
  var VERSION = '1.0';
  try {
    var storage = window.localStorage;
    if (storage.getItem('version') === VERSION) return;
    storage.setItem('version', VERSION);
    // A browser that cannot keep the marker, or a tab that already reloaded once, must not loop.
    if (storage.getItem('version') !== VERSION) return;
    if (window.sessionStorage.getItem('version-reloaded') === VERSION) return;
    window.sessionStorage.setItem('version-reloaded', VERSION);
  } catch (error) {
    return;
  }
  window.location.reload();
})();
