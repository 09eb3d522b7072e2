import { Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { isAdmin, useSession } from '@/lib/session';

function SummaryCard({ title, items }: { title: string; items: string[] }) {
  return (
    <Paper withBorder p="lg">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {items.map((item) => (
          <Stack key={item} gap={0}>
            <Text fz={22} fw={700} c="dimmed">
              —
            </Text>
            <Text size="xs" c="dimmed">
              {item}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** /dashboard (000 §2): admins see summary cards and lists, agents sector cards and the carousel. */
export default function DashboardHomeRoute() {
  const session = useSession();
  const admin = isAdmin(session);
  return (
    <>
      <PageHeader title="Dashboard" description={session ? `Welcome, ${session.name}` : undefined} />
      <Stack gap="lg">
        {admin ? (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <SummaryCard title="All Time" items={['Bookings', 'Confirmed', 'Cancelled', 'Paid', 'Partial Paid', 'Unpaid']} />
            <SummaryCard title="Today Summary" items={['Bookings', 'Confirmed', 'Cancelled', 'Paid', 'Partial Paid', 'Unpaid']} />
          </SimpleGrid>
        ) : null}
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Title order={3} fz="lg" mb="sm">
              All Sectors
            </Title>
            <EmptyState text="No Data Found" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Title order={3} fz="lg" mb="sm">
              Promotions
            </Title>
            <EmptyState text="No Data Found" />
          </Grid.Col>
        </Grid>
        {admin ? (
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {['Pending Payments', 'Partial Paid', 'Ending Soon'].map((title) => (
              <Stack key={title} gap="sm">
                <Title order={3} fz="lg">
                  {title}
                </Title>
                <EmptyState text="No Data Found" />
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </>
  );
}
