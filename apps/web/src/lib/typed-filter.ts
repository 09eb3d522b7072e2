import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** A typed filter applies this long after the last keystroke. */
export const TYPING_DEBOUNCE_MS = 350;

/** The filter a typed text stands for: trimmed, and nothing for a blank field. */
export function trimmedFilter(text: string): string | undefined {
  return text.trim() || undefined;
}

export type TypedFilter = {
  /** What the field shows. */
  text: string;
  /** The field changed: show it, and apply it once typing stops. */
  change: (text: string) => void;
  /**
   * The filter the field stands for now, for a change applied at once beside it (a date, a status): the pending
   * typing pause is dropped, and the address coming back with it leaves the field as typed. `undefined` for a
   * blank field or a text `toFilter` refuses.
   */
  take: () => string | undefined;
  /** Clear: the field empties and a pending typing pause is dropped. */
  reset: () => void;
};

/**
 * A search field whose filter lives in the address (decision 022), applied as typing stops. Groups, Agents and
 * Audit share it.
 * - When the address changes under the page (Back, a link), the field shows it.
 * - When the address comes back with what this field applied, the field keeps its text. The user may have typed
 *   on since the pause (the router renders the address in a transition, after a keystroke that came meanwhile), and
 *   the applied filter is trimmed or normalised: showing it would drop the keystroke or the space just typed.
 *
 * `toFilter` turns the text into the filter to apply; `null` means the text is not one (the field says why) and
 * nothing is applied.
 */
export function useTypedFilter({
  current,
  onApply,
  toFilter = trimmedFilter,
}: {
  current: string | undefined;
  onApply: (filter: string | undefined) => void;
  toFilter?: (text: string) => string | undefined | null;
}): TypedFilter {
  const [text, setText] = useState(current ?? '');
  const [shown, setShown] = useState(current);
  // What this field last applied, until the address has come back with it.
  const [sent, setSent] = useState<{ filter: string | undefined } | null>(null);
  if (shown !== current) {
    setShown(current);
    if (sent && sent.filter === current) setSent(null);
    else setText(current ?? '');
  }

  const record = (next: string) => {
    const filter = toFilter(next);
    if (filter === null) return null;
    if (filter !== current) setSent({ filter });
    return { filter };
  };
  const debounced = useDebouncedCallback((next: string) => {
    const applied = record(next);
    if (applied) onApply(applied.filter);
  }, TYPING_DEBOUNCE_MS);

  return {
    text,
    change: (next) => {
      setText(next);
      debounced(next);
    },
    take: () => {
      debounced.cancel();
      return record(text)?.filter;
    },
    reset: () => {
      debounced.cancel();
      setSent(null);
      setText('');
    },
  };
}
