import { Center, Loader, Paper, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PagedList } from '@/lib/paged-list';
import { DataTable } from './data-table';
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

/** A paged list (docmost pattern): a DataTable of rows or an empty-state row, and the pager footer. */
export function ListTable({ columns, emptyText, list, children, minWidth, caption, stickyEnd, label }: ListTableProps) {
  const empty = list.rows.length === 0;
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      {caption ? (
        <Text fw={600} px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {caption}
        </Text>
      ) : null}
      <DataTable columns={columns} minWidth={minWidth ?? Math.max(560, columns.length * 100)} stickyEnd={stickyEnd} label={label ?? (typeof caption === 'string' ? caption : 'List')}>
        {empty ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              {list.isLoading ? (
                <Center py="xl">
                  <Loader size="sm" aria-label="Loading" />
                </Center>
              ) : (
                <Text ta="center" c="dimmed" py="xl" size="sm">
                  <IconInbox size={28} stroke={1.4} style={{ display: 'block', margin: '0 auto 6px' }} aria-hidden />
                  {emptyText}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ) : (
          children
        )}
      </DataTable>
      <PagerFooter list={list} />
    </Paper>
  );
}
