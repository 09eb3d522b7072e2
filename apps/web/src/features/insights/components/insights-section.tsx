import { SimpleGrid, Stack } from '@mantine/core';
import { AGE_BUCKETS, INSIGHT_TITLES } from '@portal/contract/insights';
import { lazy } from 'react';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { useReceivablesByAge, useSalesReceipts, useSeatsBySector } from '../api/get-insights';
import { InsightPanel } from './insight-panel';

/** The charts come with their own chunk (Mantine Charts and recharts), only when a chart is shown. */
const charts = () => import('./insight-charts');
const SalesReceiptsChart = lazy(() => charts().then((module) => ({ default: module.SalesReceiptsChart })));
const SeatsChart = lazy(() => charts().then((module) => ({ default: module.SeatsChart })));
const ReceivablesChart = lazy(() => charts().then((module) => ({ default: module.ReceivablesChart })));

const sum = <T,>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
const count = (value: number) => value.toLocaleString('en-US');

/**
 * Insights (PRODUCT §6, issue 19 point 4, decision 034), admins only: sales and receipts per day for 30 days, seats
 * sold against for sale per sector, and what agents owe by age of the debt; each a chart or a table, and xlsx.
 */
export function InsightsSection() {
  const sales = useSalesReceipts();
  const seats = useSeatsBySector();
  const receivables = useReceivablesByAge();
  const days = sales.data?.data.days ?? [];
  const sectors = seats.data?.data ?? [];
  const agents = receivables.data?.data.agents ?? [];
  return (
    <Stack gap="md">
      <InsightPanel
        title={INSIGHT_TITLES.salesReceipts}
        report="sales-receipts"
        query={sales}
        empty={false}
        chart={(label) => <SalesReceiptsChart days={days} label={label} />}
        table={() => ({
          columns: ['Date', 'Sales', 'Receipts'],
          // Newest first in the table: today is what one looks for.
          rows: [...days].reverse().map((day) => ({ key: day.date, cells: [formatDate(day.date), formatPKR(day.sales), formatPKR(day.receipts)] })),
          footer: ['Total', formatPKR(sales.data?.data.total_sales ?? 0), formatPKR(sales.data?.data.total_receipts ?? 0)],
        })}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <InsightPanel
          title={INSIGHT_TITLES.seatsBySector}
          report="seats-by-sector"
          query={seats}
          empty={sectors.length === 0}
          chart={(label) => <SeatsChart sectors={sectors} label={label} />}
          table={() => ({
            columns: ['Sector', 'Groups', 'For sale', 'Sold', 'Remaining'],
            rows: sectors.map((row) => ({ key: row.sector, cells: [row.sector, count(row.groups), count(row.for_sale), count(row.sold), count(row.remaining)] })),
            footer: ['Total', count(sum(sectors, (row) => row.groups)), count(sum(sectors, (row) => row.for_sale)), count(sum(sectors, (row) => row.sold)), count(sum(sectors, (row) => row.remaining))],
          })}
        />
        <InsightPanel
          title={INSIGHT_TITLES.receivablesByAge}
          report="receivables-by-age"
          query={receivables}
          empty={agents.length === 0}
          chart={(label) => <ReceivablesChart agents={agents} label={label} />}
          table={() => ({
            columns: ['Agent', ...AGE_BUCKETS.map((bucket) => bucket.label), 'Total'],
            rows: agents.map((row) => ({ key: String(row.user_id), cells: [row.agent_name, ...AGE_BUCKETS.map((bucket) => formatPKR(row[bucket.key])), formatPKR(row.total)] })),
            footer: ['Total', ...AGE_BUCKETS.map((bucket) => formatPKR(sum(agents, (row) => row[bucket.key]))), formatPKR(sum(agents, (row) => row.total))],
          })}
        />
      </SimpleGrid>
    </Stack>
  );
}
