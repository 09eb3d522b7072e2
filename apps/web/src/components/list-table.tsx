import type { ReactNode } from 'react';
import type { PagedList } from '@/lib/paged-list';
import { DataTable, TableCard } from './data-table';
import { PagerFooter } from './pager-footer';

type ListTableProps = {
  columns: string[];
  /** The spec's empty text, e.g. 'No Group Found'. */
  emptyText: string;
  list: PagedList<unknown>;
  /** The rows (Table.Tr elements) of list.rows. */
  children: ReactNode;
  minWidth?: number;
  caption?: ReactNode;
  /** Last columns pinned at the right edge on a laptop (DataTable): the status and/or action column. */
  stickyEnd?: 0 | 1 | 2;
  /** The list's name for screen readers (its scroll area takes focus); default the caption's text, else 'List'. */
  label?: string;
};

/** A paged list (docmost pattern): a DataTable of rows or the empty text, and the pager footer. */
export function ListTable({ columns, emptyText, list, children, minWidth, caption, stickyEnd, label }: ListTableProps) {
  return (
    <TableCard caption={caption}>
      <DataTable
        columns={columns}
        minWidth={minWidth ?? Math.max(560, columns.length * 100)}
        stickyEnd={stickyEnd}
        label={label ?? (typeof caption === 'string' ? caption : 'List')}
        empty={list.rows.length === 0 ? { text: emptyText, loading: list.isLoading } : undefined}
      >
        {list.rows.length === 0 ? null : children}
      </DataTable>
      <PagerFooter list={list} />
    </TableCard>
  );
}
