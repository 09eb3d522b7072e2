import { Center, Loader, Paper, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import classes from './data-table.module.css';

type DataTableProps = {
  columns: readonly string[];
  /** The rows (Table.Tr elements), put in the table's body. */
  children?: ReactNode;
  /** Below this width the table scrolls sideways inside its frame (laptops); phones show cards instead. */
  minWidth: number;
  /**
   * How many last columns stay pinned at the right edge while the rest scrolls: 1 for a status or an action
   * column, 2 for status and actions (issue 21 §3: always visible on a laptop).
   */
  stickyEnd?: 0 | 1 | 2;
  /** Rows of the table's foot (totals), labelled and shown as a card like the others. */
  footer?: ReactNode;
  /** Shown below the headings instead of rows (outside the scroll area, so it stays in view on a phone). */
  empty?: { text: string; loading?: boolean } | undefined;
  /** The scroll area's name for screen readers (it takes focus, so the keyboard can scroll it). */
  label: string;
  /** The last column holds each row's actions menu: left out when the page is printed. */
  actionsColumn?: boolean;
};

/**
 * Writes each cell's column name into data-label, which the phone layout shows before the value. Run after
 * every render and whenever rows change below (a row's own update), so new and paged rows are labelled too.
 */
function useCellLabels(table: React.RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const label = () => {
      const headings = Array.from(element.tHead?.rows[0]?.cells ?? [], (cell) => cell.textContent?.trim() ?? '');
      for (const body of [...Array.from(element.tBodies), ...(element.tFoot ? [element.tFoot] : [])]) {
        for (const row of Array.from(body.rows)) {
          let column = 0;
          for (const cell of Array.from(row.cells)) {
            const text = headings[column] ?? '';
            if (cell.dataset.label !== text) cell.dataset.label = text;
            column += cell.colSpan;
          }
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(element, { childList: true, subtree: true });
    // With two pinned columns the second-last sits left of the last one: its offset is the last one's width.
    const lastHeading = element.tHead?.rows[0]?.cells[(element.tHead.rows[0]?.cells.length ?? 1) - 1];
    const resize = new ResizeObserver(() => {
      if (lastHeading) element.style.setProperty('--data-table-end-width', `${lastHeading.getBoundingClientRect().width}px`);
    });
    if (lastHeading) resize.observe(lastHeading);
    return () => {
      observer.disconnect();
      resize.disconnect();
    };
  });
}

/** The one table frame of the portal's lists: headings, rows, pinned end columns, cards on a phone. */
export function DataTable({ columns, children, footer, minWidth, stickyEnd = 0, label, empty, actionsColumn = false }: DataTableProps) {
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const sticky = stickyEnd === 2 ? classes.sticky2 : stickyEnd === 1 ? classes.sticky1 : undefined;
  return (
    <>
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={label}>
        <Table
          ref={table}
          aria-label={label}
          className={[classes.table, sticky, actionsColumn ? classes.withActions : undefined].filter(Boolean).join(' ')}
          style={{ '--data-table-min-width': `${minWidth}px` } as CSSProperties}
          verticalSpacing="sm"
          horizontalSpacing="md"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
          {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
        </Table>
      </div>
      {empty ? <EmptyRows {...empty} /> : null}
    </>
  );
}

/** What a list shows without rows: a loader while it loads, else the spec's empty text ('No Data Found'). */
export function EmptyRows({ text, loading = false }: { text: string; loading?: boolean }) {
  return loading ? (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  ) : (
    <Text ta="center" c="dimmed" py="xl" size="sm">
      <IconInbox size={28} stroke={1.4} style={{ display: 'block', margin: '0 auto 6px' }} aria-hidden />
      {text}
    </Text>
  );
}

/** The bordered card a list sits in, with its caption line. */
export function TableCard({ caption, children }: { caption?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      {caption ? (
        <Text fw={600} px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {caption}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
