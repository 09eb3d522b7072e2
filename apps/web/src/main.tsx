import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRoutes, loadMatchedRoutes } from './app/router';
import { ensureSiteVersion } from './lib/site-version';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** What a visitor typed into the prerendered page's fields before the app ran (hydration resets them). */
function typedBeforeStart(root: HTMLElement): Array<{ field: Field; value: string }> {
  const fields = root.querySelectorAll<Field>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea');
  return [...fields].filter((field) => field.value !== field.defaultValue).map((field) => ({ field, value: field.value }));
}

/** A form the visitor sent before the app ran, held back by index.html's guard: sent again once hydrated. */
function resubmitHeld(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form[data-held-submit]');
  if (!form) return;
  form.removeAttribute('data-held-submit');
  // After React has rendered what retype() handed to the form's state.
  setTimeout(() => form.isConnected && form.requestSubmit(), 0);
}

/**
 * Hands it to the form's state, which hydration left empty (the next render would clear the field): the field
 * is emptied through React's own value property, given the text again through the native setter, and an input
 * event follows, so React sees a change and calls the field's onChange.
 */
function retype(typed: Array<{ field: Field; value: string }>) {
  for (const { field, value } of typed) {
    if (!field.isConnected) continue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = '';
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

async function start(root: HTMLElement) {
  // The server sends build-time HTML for a few public pages (decision 012): React adopts it once the page's
  // code has arrived, instead of painting it again. Any other page is rendered from scratch.
  const pathname = window.location.pathname;
  const routes = createAppRoutes();
  const hydrate =
    root.dataset.prerendered === pathname &&
    // When the page's code cannot be loaded, render from scratch: the router then shows its error screen.
    (await loadMatchedRoutes(routes, pathname).then(
      () => true,
      () => false,
    ));
  if (hydrate) {
    const typed = typedBeforeStart(root);
    const onStarted = () => {
      retype(typed);
      resubmitHeld(root);
    };
    // In a transition React hydrates in small slices, yielding to the browser between them, instead of in
    // one long task that would keep a phone from answering a tap (issue 8, total blocking time).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App routes={routes} onStarted={onStarted} />
        </StrictMode>,
      );
    });
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  // From here React handles a submit (on a part not hydrated yet, it hydrates that part first): the guard in
  // index.html stops holding the browser's own form submission back.
  document.documentElement.setAttribute('data-app', 'started');
}

// Site version marker (000 §4): when a reload is on its way, render nothing.
if (!ensureSiteVersion()) {
  const root = document.getElementById('root');
  if (root) void start(root);
}
