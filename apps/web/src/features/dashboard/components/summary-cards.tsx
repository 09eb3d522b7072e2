import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { DASHBOARD_TEXTS, type AdminDashboard } from '@portal/contract/dashboard';
import { IconCalendarEvent, IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Count = { label: string; value: number; color: MantineColor };

/** The same six readable labels on both cards, in the order of the seed's fields (000 §3). */
function allTimeCounts(summary: AdminDashboard['overall_summary']): Count[] {
  return [
    { label: 'Bookings', value: summary.total_bookings, color: 'brand' },
    { label: 'Confirmed', value: summary.total_confirmed, color: 'teal' },
    { label: 'Cancelled', value: summary.total_canceled, color: 'red' },
    { label: 'Paid', value: summary.total_paid, color: 'green' },
    { label: 'Partial Paid', value: summary.total_partial_paid, color: 'yellow' },
    { label: 'Unpaid', value: summary.total_unpaid, color: 'orange' },
  ];
}

function todayCounts(summary: AdminDashboard['today_summary']): Count[] {
  return [
    { label: 'Bookings', value: summary.today_count, color: 'brand' },
    { label: 'Confirmed', value: summary.confirmed, color: 'teal' },
    { label: 'Cancelled', value: summary.canceled_count, color: 'red' },
    { label: 'Paid', value: summary.paid_count, color: 'green' },
    { label: 'Partial Paid', value: summary.partial_paid_count, color: 'yellow' },
    { label: 'Unpaid', value: summary.unpaid_count, color: 'orange' },
  ];
}

type SummaryCardProps = { title: string; icon: ReactNode; counts: Count[] | undefined };

function SummaryCard({ title, icon, counts }: SummaryCardProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} aria-busy={counts ? undefined : true}>
      <Group gap="xs" mb="sm">
        <ThemeIcon size="md" variant="light" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} fz="md">
          {title}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 3, xs: 6, lg: 3, xl: 6 }} spacing="xs" verticalSpacing="xs" role="list" aria-label={`${title} counts`}>
        {counts
          ? counts.map((count) => (
              <Paper
                key={count.label}
                role="listitem"
                aria-label={count.label}
                p="xs"
                bg="var(--mantine-color-gray-0)"
                style={{ borderLeft: `3px solid var(--mantine-color-${count.color}-5)` }}
              >
                <Text fz={22} fw={700} lh={1.2}>
                  {count.value.toLocaleString('en-PK')}
                </Text>
                <Text size="xs" c="dimmed" fw={500} truncate>
                  {count.label}
                </Text>
              </Paper>
            ))
          : Array.from({ length: 6 }, (_, index) => <Skeleton key={index} height={52} radius="md" />)}
      </SimpleGrid>
    </Paper>
  );
}

/** 'All Time' and 'Today Summary' count cards of the admin dashboard (000 §2); skeletons until the answer. */
export function SummaryCards({ data }: { data: AdminDashboard | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <SummaryCard
        title={DASHBOARD_TEXTS.allTime}
        icon={<IconChartBar size={18} />}
        counts={data ? allTimeCounts(data.overall_summary) : undefined}
      />
      <SummaryCard
        title={DASHBOARD_TEXTS.todaySummary}
        icon={<IconCalendarEvent size={18} />}
        counts={data ? todayCounts(data.today_summary) : undefined}
      />
    </SimpleGrid>
  );
}
