import { useCallback, useEffect, useRef, useState } from 'react';
import type { PagedList } from './paged-list';

/** How long a revealed row stays marked. */
export const REVEAL_MS = 4000;
/** Pages loaded at most while looking for the row (20 a page: the first 200 rows). */
const MAX_PAGES = 10;

/**
 * Brings one row of a paged list into view and marks it for a few seconds (issue 21 §9: the group just saved).
 * The list loads its next pages, as Next would, until the row is there, the list ends or MAX_PAGES are loaded;
 * then `rowRef` scrolls the row to the middle of the screen. `revealedId` is the row's id while it is marked.
 * Looks once per id: a search typed afterwards does not start it again.
 */
export function useRevealRow<T>({ list, id, idOf }: { list: PagedList<T>; id: number | undefined; idOf: (row: T) => number }) {
  const [expiredFor, setExpiredFor] = useState<number | undefined>(undefined);
  const searchedFor = useRef<number | undefined>(undefined);
  const found = id !== undefined && list.rows.some((row) => idOf(row) === id);
  const revealedId = found && expiredFor !== id ? id : undefined;

  useEffect(() => {
    if (id === undefined || found || searchedFor.current === id || list.isLoading || list.isFetching) return;
    if (list.canNext && list.page < MAX_PAGES) list.next();
    else searchedFor.current = id;
  }, [id, found, list]);

  useEffect(() => {
    if (revealedId === undefined) return;
    // Found: no more pages are loaded for it, whatever is searched next.
    searchedFor.current = revealedId;
    const timer = window.setTimeout(() => setExpiredFor(revealedId), REVEAL_MS);
    return () => window.clearTimeout(timer);
  }, [revealedId]);

  const rowRef = useCallback((element: HTMLElement | null) => {
    element?.scrollIntoView({ block: 'center' });
  }, []);

  return { revealedId, rowRef };
}
