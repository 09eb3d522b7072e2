import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ASYNC_TIMEOUT_MS } from './async-timeout';

// Routes load lazily: testing-library's 1 s default made findBy* queries flaky on a busy CI machine (async-timeout.ts).
configure({ asyncUtilTimeout: ASYNC_TIMEOUT_MS });

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

// Test files share their worker (isolate: false in vitest.config.ts), so nothing a test leaves behind may outlive it.
// A query cache keeps each query for gcTime (5 min) behind a timer: unmounted, the caches of earlier tests would pile
// up in the worker's heap and keep their timers. Each cache a provider mounted is emptied once its test is done.
// This file runs again before each test file in the same worker: the hook is put on QueryClient once.
const tracked = globalThis as typeof globalThis & { mountedQueryClients?: Set<QueryClient> };
const mountedQueryClients = (tracked.mountedQueryClients ??= trackMountedQueryClients());
function trackMountedQueryClients(): Set<QueryClient> {
  const clients = new Set<QueryClient>();
  const mount = QueryClient.prototype.mount;
  QueryClient.prototype.mount = function trackedMount(this: QueryClient) {
    clients.add(this);
    mount.call(this);
  };
  return clients;
}

// jsdom keeps the stylesheet of a <style> element that React removed with its subtree in document.styleSheets (its
// ownerNode no longer connected): Mantine renders such elements for style props and responsive Grid columns, a page
// left about 30 of them behind, and getComputedStyle, which every role query calls for each element it looks at, walks
// every stylesheet in the list. In a worker that runs one file after another the list grew by hundreds and each query
// with it. After each test the style elements out of the document drop their sheets, as in a browser
// (jsdom's own update of a style block, which drops the sheet of an element not connected).
const implOf = (wrapper: object): unknown => {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((candidate) => candidate.description === 'impl');
  return symbol ? (wrapper as Record<symbol, unknown>)[symbol] : undefined;
};
function dropDetachedStyleSheets() {
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode;
    if (!owner || owner.isConnected) continue;
    const element = implOf(owner) as { _updateAStyleBlock?: () => void } | undefined;
    element?._updateAStyleBlock?.();
  }
}

// A route's lazy chunk still loading when its file ends (the test done, the tree unmounted) fails with vitest's
// EnvironmentTeardownError, and the worker's module cache keeps that rejection: in the next files the chunk would
// fail at once and the route show its error page. Before each file, the modules whose loading failed are forgotten,
// so that they load again when imported.
type ModuleNode = { promise?: Promise<unknown> };
type WorkerModules = { idToModuleMap: Map<string, ModuleNode>; invalidateModule(node: ModuleNode): void };
async function forgetFailedModules() {
  const modules = (globalThis as { __vitest_worker__?: { evaluatedModules?: WorkerModules } }).__vitest_worker__?.evaluatedModules;
  if (!modules?.idToModuleMap) return;
  const failed: ModuleNode[] = [];
  for (const node of modules.idToModuleMap.values()) {
    node.promise?.then(
      () => undefined,
      () => failed.push(node),
    );
  }
  // The handlers of promises already settled run before this timer.
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const node of failed) modules.invalidateModule(node);
}
beforeAll(forgetFailedModules);

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
  for (const client of mountedQueryClients) {
    // clear() leaves a finished mutation's own gc timer running: ended first.
    for (const mutation of client.getMutationCache().getAll()) mutation.destroy();
    client.clear();
  }
  mountedQueryClients.clear();
  dropDetachedStyleSheets();
  // Toasts live in a module-level store: with at most 3 on screen (decision 021), one test's toasts would queue the
  // next test's behind them until they close.
  notifications.clean();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
