import type { Paginated } from '@portal/contract/common';
import type { FastifyRequest } from 'fastify';

/** PRODUCT §3: `per_page` comes from the server; 20 unless a list says otherwise. */
export const DEFAULT_PER_PAGE = 20;

export interface PageRequest {
  page: number;
  perPage: number;
  /** Absolute URL of the list without its query (`https://portal.example.com/api/listofairlines`). */
  baseUrl: string;
  /** The request's other query parameters (filters such as `pnr`), carried into the neighbours' links. */
  query: string;
}

/**
 * The page a list request asks for, and the URL its neighbours are linked from: publicUrl + the request path,
 * with the request's other query parameters kept (a filtered list pages through the same filter).
 */
export function getPageRequest({
  request,
  publicUrl,
  page,
  perPage = DEFAULT_PER_PAGE,
}: {
  request: FastifyRequest;
  publicUrl: string;
  page: number;
  perPage?: number;
}): PageRequest {
  const queryStart = request.url.indexOf('?');
  const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? '' : request.url.slice(queryStart + 1));
  params.delete('page');
  return { page, perPage, baseUrl: `${publicUrl}${pathname}`, query: params.toString() };
}

export function getPageOffset({ page, perPage }: Pick<PageRequest, 'page' | 'perPage'>): number {
  return (page - 1) * perPage;
}

/**
 * The Laravel paginator envelope (PRODUCT §3): `next_page_url` only when a later page exists (the seeds'
 * Next button is enabled by it), `prev_page_url` from page 2 on; `last_page` is at least 1, as Laravel's.
 */
export function toPaginated<T>({ rows, total, pageRequest }: { rows: T[]; total: number; pageRequest: PageRequest }): Paginated<T> {
  const { page, perPage, baseUrl, query } = pageRequest;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const urlOf = (n: number) => `${baseUrl}?${query ? `${query}&` : ''}page=${n}`;
  return {
    data: rows,
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    prev_page_url: page > 1 ? urlOf(Math.min(page - 1, lastPage)) : null,
    next_page_url: page < lastPage ? urlOf(page + 1) : null,
  };
}
