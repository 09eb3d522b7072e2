import { MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

// Issue 21 §3: one table frame for every list. Phones show each row as a card whose cells carry their
// column's name (data-label); laptops keep the status and action columns pinned (the sticky classes).

function Bookings({ stickyEnd }: { stickyEnd: 0 | 1 | 2 }) {
  const [rows, setRows] = useState(['JPJK9M']);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setRows((current) => [...current, '7N5Z6Z'])}>
        More
      </button>
      <DataTable columns={['PNR', 'Passenger', 'Status', 'Action']} minWidth={900} stickyEnd={stickyEnd} label="Bookings">
        {rows.map((pnr) => (
          <Table.Tr key={pnr}>
            <Table.Td>{pnr}</Table.Td>
            <Table.Td>
              <span>Mr BILAL BUTT</span>
              <span>+1 more</span>
            </Table.Td>
            <Table.Td>HOLD</Table.Td>
            <Table.Td>
              <button type="button">Menu</button>
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={2}>Opening Balance</Table.Td>
          <Table.Td>PKR 0</Table.Td>
          <Table.Td />
        </Table.Tr>
      </DataTable>
    </MantineProvider>
  );
}

describe('DataTable', () => {
  it('labels every cell with its column, counting spanned columns, also for rows added later', async () => {
    render(<Bookings stickyEnd={2} />);
    const table = screen.getByRole('table', { name: 'Bookings' });
    const labels = (row: number) => Array.from(within(table).getAllByRole('row')[row]!.querySelectorAll('td'), (cell) => cell.dataset.label);
    expect(labels(1)).toEqual(['PNR', 'Passenger', 'Status', 'Action']);
    expect(labels(2)).toEqual(['PNR', 'Status', 'Action']);

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(labels(2)).toEqual(['PNR', 'Passenger', 'Status', 'Action']);
  });

  it('its scroll area is a named region the keyboard can focus', () => {
    render(<Bookings stickyEnd={2} />);
    const region = screen.getByRole('region', { name: 'Bookings' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('pins as many end columns as asked', () => {
    const { unmount } = render(<Bookings stickyEnd={2} />);
    expect(screen.getByRole('table').className).toMatch(/sticky2/);
    unmount();
    render(<Bookings stickyEnd={0} />);
    expect(screen.getByRole('table').className).not.toMatch(/sticky/);
  });
});
