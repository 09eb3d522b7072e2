import type { ReactNode } from 'react';
import { DataTable, TableCard } from './data-table';

type EmptyTableProps = {
  columns: string[];
  /** The spec's empty text, e.g. 'No bookings found'. */
  emptyText: string;
  caption?: ReactNode;
};

/** A table with its headings and the empty text below them; the shape lists take before data arrives. */
export function EmptyTable({ columns, emptyText, caption }: EmptyTableProps) {
  return (
    <TableCard caption={caption}>
      <DataTable
        columns={columns}
        minWidth={Math.max(480, columns.length * 90)}
        label={typeof caption === 'string' ? caption : 'List'}
        empty={{ text: emptyText }}
      />
    </TableCard>
  );
}
