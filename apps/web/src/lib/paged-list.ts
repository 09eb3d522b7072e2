import type { Paginated } from '@portal/contract/common';
import {
  useQueries,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPager } from './list-params';

type PageQuery<T, K extends QueryKey> = (page: number) => UseQueryOptions<Paginated<T>, Error, Paginated<T>, K>;

export type PagedList<T> = {
  /** Rows of every loaded page, in order. */
  rows: T[];
  page: number;
  total: number;
  perPage: number;
  /** true while the first page has no answer yet. */
  isLoading: boolean;
  /** true while a page is being fetched (next page or a refresh). */
  isFetching: boolean;
  error: Error | null;
  canPrevious: boolean;
  canNext: boolean;
  previous: () => void;
  next: () => void;
};

/**
 * Page-by-page loading of a Laravel paginator list (001 §4):
 * - page 1 replaces the list (also whenever `resetKey` changes, i.e. a new search);
 * - each later page appends its rows;
 * - Previous drops the last page of rows and steps back;
 * - Next is enabled only when the last loaded page has a next_page_url.
 * Every loaded page is its own query, so invalidating the list key refreshes all shown rows.
 * With a `pager` (useListParams: the list page's address) the page is kept there instead of in this hook's
 * state, so Back, a reload or a shared link opens the list on the same page (issue 21 §7, decision 022); the
 * pager's owner goes back to page 1 when its filters change.
 */
export function usePagedList<T, K extends QueryKey>({
  pageQuery,
  resetKey = '',
  pager,
}: {
  pageQuery: PageQuery<T, K>;
  resetKey?: string;
  pager?: ListPager;
}): PagedList<T> {
  const [state, setState] = useState({ resetKey, page: 1 });
  // A new search starts again at page 1 without an extra render pass.
  const ownPage = state.resetKey === resetKey ? state.page : 1;
  const page = pager ? pager.page : ownPage;
  const setPage = useCallback(
    (next: number) => (pager ? pager.setPage(next) : setState({ resetKey, page: next })),
    [pager, resetKey],
  );

  // Page 1 keeps the previous search's rows on screen until the new ones arrive. useQueries
  // gives a new search a new observer, which has no previous data of its own (keepPreviousData
  // alone would show the loader and remount every row, dropping a row action in flight), so the
  // last page 1 answer is kept here.
  const lastFirstPage = useRef<Paginated<T> | undefined>(undefined);
  const results = useQueries({
    queries: Array.from({ length: page }, (_, index) => ({
      ...pageQuery(index + 1),
      placeholderData:
        index === 0 ? (previous: Paginated<T> | undefined) => previous ?? lastFirstPage.current : undefined,
    })),
  });
  const firstPage = results[0]?.data;
  useEffect(() => {
    if (firstPage !== undefined) lastFirstPage.current = firstPage;
  }, [firstPage]);

  const last = results[results.length - 1];
  const lastLoaded = [...results].reverse().find((result) => result.data !== undefined)?.data;
  const rows = results.flatMap((result) => result.data?.data ?? []);

  const previous = useCallback(() => setPage(Math.max(1, page - 1)), [page, setPage]);
  const canNext = Boolean(last?.data?.next_page_url) && !last?.isPlaceholderData && page < (pager?.maxPage ?? Infinity);
  const next = useCallback(() => {
    if (canNext) setPage(page + 1);
  }, [canNext, page, setPage]);

  return {
    rows,
    page,
    total: lastLoaded?.total ?? 0,
    perPage: lastLoaded?.per_page ?? 0,
    isLoading: results[0]?.data === undefined && (results[0]?.isPending ?? true),
    isFetching: results.some((result) => result.isFetching),
    error: results.find((result) => result.error)?.error ?? null,
    canPrevious: page > 1,
    canNext,
    previous,
    next,
  };
}

/**
 * 001 §4 reloads the page 2 s after a delete or a status change; users expect the list to stay where it is and
 * to show the change when the toast says it is done (issue 21 §6, decision 021). A mutation's `onSuccess` returns
 * this promise, so the mutation, and the `mutateAsync` the toast waits for, settles once the list's queries on
 * screen are fetched again; queries not on screen are only marked stale. A failed refetch does not fail the
 * change: the list keeps its rows and the next visit asks again.
 */
export function useRefreshList(queryKey: QueryKey): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
}
