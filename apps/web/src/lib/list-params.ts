import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page in the address (issue 21 §7, decision 022), so Back from a row's page, a reload or a
 * shared link shows the same filtered list. Every list page reads its state here and nowhere else.
 *
 * - Each filter is a search parameter of its own name (`?pnr=ABC&page=2`); what is not valid for its kind is
 *   ignored, as if absent (an old or hand-typed address never breaks the page).
 * - Changing the filters drops `page` (a new search starts at page 1, 001 §4); paging keeps the filters.
 * - Both replace the current history entry: Back leaves the list rather than stepping through each keystroke.
 * - Parameters that are not the list's own are kept.
 */

/** text: any non-blank text; date: YYYY-MM-DD; id: a whole number from 1; a list: one of its values. */
export type ListParamKind = 'text' | 'date' | 'id' | readonly string[];
export type ListParamsSpec = Record<string, ListParamKind>;

type ValueOf<K extends ListParamKind> = K extends readonly (infer V extends string)[] ? V : string;
export type ListFilters<S extends ListParamsSpec> = { [P in keyof S]?: ValueOf<S[P]> };

/** Pages are loaded one after another and shown together (paged-list.ts): an address asks for at most this many. */
export const MAX_LIST_PAGE = 25;

/** The page state a paged list takes from the address (usePagedList's `pager`). */
export type ListPager = { page: number; setPage: (page: number) => void; maxPage: number };

export type ListParams<S extends ListParamsSpec> = {
  /** The valid filters of the address; a stable object while the address does not change. */
  filters: ListFilters<S>;
  /** Replaces every filter of the spec (undefined or '' removes one) and goes back to page 1 if any changed. */
  setFilters: (next: ListFilters<S>) => void;
  /**
   * Changes only the filters named in `patch` (undefined or '' removes one), on top of the address as it is when
   * applied, and goes back to page 1 if any changed. For fields that apply on their own timers (two typed filters whose debounces
   * end in one tick): each writes its own key and never puts back another's older value.
   */
  patchFilters: (patch: ListFilters<S>) => void;
  pager: ListPager;
};

function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function parseValue(kind: ListParamKind, raw: string | null): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (kind === 'text') return value;
  if (kind === 'date') return isValidDate(value) ? value : undefined;
  if (kind === 'id') return /^\d{1,10}$/.test(value) && Number(value) >= 1 ? String(Number(value)) : undefined;
  return kind.includes(value) ? value : undefined;
}

function parsePage(raw: string | null): number {
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), MAX_LIST_PAGE);
}

function parseFilters<S extends ListParamsSpec>(spec: S, query: string): ListFilters<S> {
  const params = new URLSearchParams(query);
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const value = parseValue(kind, params.get(name));
    if (value !== undefined) values[name] = value;
  }
  return values as ListFilters<S>;
}

/**
 * Reads and writes a list's filters and its page in the address. `spec` names each filter and its kind; declare it
 * once at module level, so the filters object stays the same while the address does.
 */
export function useListParams<const S extends ListParamsSpec>(spec: S): ListParams<S> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const filters = useMemo(() => parseFilters(spec, query), [spec, query]);
  const page = parsePage(searchParams.get('page'));

  // Every write starts from the address as it stands, not from the render that made the callback:
  // - React Router's functional setSearchParams starts from the address of the last render, so two writes before
  //   React renders again (two typing pauses ending in one timer run) would each start from the old address, and
  //   the second would undo the first;
  // - a debounced callback may still hold an earlier render's closure when its timer fires (Mantine's
  //   useDebouncedCallback takes the new callback in a passive effect, which runs after the address has changed).
  // So `write` is one function for the page's life and reads `latest`: the address last rendered (set in a layout
  // effect, before any timer can run) or, until that address renders, the last write.
  const latest = useRef({ rendered: query, params: searchParams });
  useLayoutEffect(() => {
    if (latest.current.rendered !== query) latest.current = { rendered: query, params: new URLSearchParams(query) };
  }, [query]);
  const write = useCallback(
    (change: (params: URLSearchParams) => void) => {
      const before = latest.current.params.toString();
      const params = new URLSearchParams(before);
      change(params);
      // Nothing changed (a typed filter applied twice, a page already shown): the address and its page stay.
      if (params.toString() === before) return;
      latest.current = { rendered: latest.current.rendered, params };
      setSearchParams(params, { replace: true });
    },
    [setSearchParams],
  );

  const writeFilters = useCallback(
    (next: ListFilters<S>, names: readonly string[]) =>
      write((params) => {
        const before = params.toString();
        for (const name of names) {
          const value = (next as Record<string, string | undefined>)[name]?.trim();
          if (value) params.set(name, value);
          else params.delete(name);
        }
        // The same filters again (a typed text applied as it already stands) keep the page.
        if (params.toString() !== before) params.delete('page');
      }),
    [write],
  );
  const setFilters = useCallback((next: ListFilters<S>) => writeFilters(next, Object.keys(spec)), [writeFilters, spec]);
  const patchFilters = useCallback(
    (patch: ListFilters<S>) => writeFilters(patch, Object.keys(patch).filter((name) => name in spec)),
    [writeFilters, spec],
  );

  const setPage = useCallback(
    (next: number) =>
      write((params) => {
        const clamped = Math.min(Math.max(Math.trunc(next), 1), MAX_LIST_PAGE);
        if (clamped > 1) params.set('page', String(clamped));
        else params.delete('page');
      }),
    [write],
  );

  const pager = useMemo(() => ({ page, setPage, maxPage: MAX_LIST_PAGE }), [page, setPage]);
  return { filters, setFilters, patchFilters, pager };
}

const NO_FILTERS = {} satisfies ListParamsSpec;

/** The address's page of a list that has no filters of its own. */
export function useListPager(): ListPager {
  return useListParams(NO_FILTERS).pager;
}
