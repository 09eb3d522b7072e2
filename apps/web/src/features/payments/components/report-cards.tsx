import { Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { PAYMENT_REPORT_CARDS, type PaymentReport } from '@portal/contract/payments';
import { IconCash, IconClockDollar, IconReceipt, IconReceiptOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPKR } from '@/lib/money';

const CARDS: { key: keyof PaymentReport; icon: ReactNode; color: string }[] = [
  { key: 'total_sale', icon: <IconReceipt size={20} />, color: 'blue' },
  { key: 'received_payment', icon: <IconCash size={20} />, color: 'teal' },
  { key: 'pending_payment', icon: <IconClockDollar size={20} />, color: 'orange' },
  { key: 'cancellation_charges', icon: <IconReceiptOff size={20} />, color: 'grape' },
];

/** The General Report's cards (000 §2): Total Sale, Received Payment, Pending Payment, and the Cancellation Charges kept (PRODUCT §6); 'N/A' while the report is missing. */
export function ReportCards({ report }: { report: PaymentReport | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" role="list" aria-label="Payment totals">
      {CARDS.map(({ key, icon, color }) => (
        <Paper key={key} withBorder radius="md" p="lg" role="listitem" aria-label={PAYMENT_REPORT_CARDS[key]}>
          <ThemeIcon variant="light" color={color} radius="md" size={36} mb="xs" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text size="sm" c="dimmed" fw={500}>
            {PAYMENT_REPORT_CARDS[key]}
          </Text>
          <Text fz={24} fw={700} mt={4}>
            {formatPKR(report?.[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
