import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Routes load lazily; on a busy 2-core CI machine running suites in parallel the first render of a
// screen can take longer than testing-library's 1 s default, which made findBy* queries flaky.
configure({ asyncUtilTimeout: 15_000 });

// Mantine needs matchMedia and ResizeObserver, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverShim;
// The carousel (embla) observes its slides.
class IntersectionObserverShim {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver = window.IntersectionObserver ?? (IntersectionObserverShim as unknown as typeof IntersectionObserver);
window.HTMLElement.prototype.scrollIntoView = window.HTMLElement.prototype.scrollIntoView ?? (() => undefined);
// Textarea autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// A test that makes React (or anything) log an error fails (epic-stack habit, STYLE.md).
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.stack ?? arg.message : String(arg))).join(' '));
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The dashboard's banner popup (000 §4) would cover every dashboard page under test; its own tests
  // remove this flag (features/banner-popup).
  window.localStorage.setItem('banner_popup_hidden', '1');
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: with at most 3 on screen (decision 021), one test's toasts would queue the
  // next test's behind them until they close.
  notifications.clean();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
