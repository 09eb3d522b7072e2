import '@mantine/charts/styles.css';
import { BarChart, type BarChartProps } from '@mantine/charts';
import { AGE_BUCKETS, type AgentReceivable, type SalesReceiptsDay, type SectorSeats } from '@portal/contract/insights';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';

/**
 * The insights' charts (decision 034): Mantine Charts on recharts, in a module of their own that the panels load
 * lazily, so neither /dashboard's nor the General Report's first paint carries them. Each chart is an image with a
 * name (role img, aria-label); its numbers are the panel's Table view.
 */

const CHART_HEIGHT = 260;
/** recharts sorts legend items by name; the series' order (Sales then Receipts, youngest debt first) reads better. */
const LEGEND_IN_SERIES_ORDER = { itemSorter: null, verticalAlign: 'top' } as const;
/** Axis ticks: 'PKR 1.2M' is shorter than 'PKR 1,200,000'. */
const compactPKR = (value: number) => `PKR ${new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value)}`;

/** One insight chart: a named image (role img) around a bar chart with its legend in series order. */
function InsightBarChart({ label, ...chart }: { label: string } & BarChartProps) {
  return (
    <div role="img" aria-label={label}>
      <BarChart h={CHART_HEIGHT} withLegend legendProps={LEGEND_IN_SERIES_ORDER} {...chart} />
    </div>
  );
}

/** Stacked bars lying across, one a row: as tall as its rows need. */
function StackedRowsChart(props: { label: string } & BarChartProps) {
  return (
    <InsightBarChart h={Math.max(CHART_HEIGHT, props.data.length * 36 + 60)} orientation="vertical" type="stacked" tickLine="x" {...props} />
  );
}

export function SalesReceiptsChart({ days, label }: { days: SalesReceiptsDay[]; label: string }) {
  const data = days.map((day) => ({ day: formatDate(day.date, 'DD MMM'), Sales: day.sales, Receipts: day.receipts }));
  return (
    <InsightBarChart
      label={label}
      data={data}
      dataKey="day"
      series={[
        { name: 'Sales', color: 'blue.6' },
        { name: 'Receipts', color: 'teal.6' },
      ]}
      valueFormatter={formatPKR}
      yAxisProps={{ tickFormatter: compactPKR, width: 80 }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      tickLine="y"
    />
  );
}

export function SeatsChart({ sectors, label }: { sectors: SectorSeats[]; label: string }) {
  const data = sectors.map((row) => ({ sector: row.sector, Sold: row.sold, Remaining: row.remaining }));
  return (
    <StackedRowsChart
      label={label}
      data={data}
      dataKey="sector"
      series={[
        { name: 'Sold', color: 'blue.6' },
        { name: 'Remaining', color: 'gray.4' },
      ]}
      yAxisProps={{ width: 90 }}
    />
  );
}

const BUCKET_COLORS = ['teal.5', 'yellow.5', 'orange.6', 'red.7'] as const;

export function ReceivablesChart({ agents, label }: { agents: AgentReceivable[]; label: string }) {
  const data = agents.map((row) => ({
    agent: row.agent_name,
    ...Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.label, row[bucket.key]])),
  }));
  return (
    <StackedRowsChart
      label={label}
      data={data}
      dataKey="agent"
      series={AGE_BUCKETS.map((bucket, index) => ({ name: bucket.label, color: BUCKET_COLORS[index] }))}
      valueFormatter={formatPKR}
      xAxisProps={{ tickFormatter: compactPKR }}
      yAxisProps={{ width: 120 }}
    />
  );
}
