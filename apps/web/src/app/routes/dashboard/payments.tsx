import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { getBookingColumns } from './bookings-columns';

const CARDS = ['Total Sale', 'Received Payment', 'Pending Payment'];

/** /dashboard/payments, General Report (000 §2): 'N/A' until the report loads. */
export default function PaymentsRoute() {
  const columns = getBookingColumns(true);
  return (
    <>
      <PageHeader title="General Report" />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {CARDS.map((card) => (
            <Paper key={card} withBorder p="lg">
              <Text size="sm" c="dimmed" fw={500}>
                {card}
              </Text>
              <Text fz={24} fw={700} mt={4}>
                N/A
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <EmptyTable caption="Fully Pending Payments" columns={columns} emptyText="No bookings found" />
        <EmptyTable caption="Partial Pending Payments" columns={columns} emptyText="No bookings found" />
      </Stack>
    </>
  );
}
