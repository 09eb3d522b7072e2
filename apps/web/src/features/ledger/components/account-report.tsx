import { Alert, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { AGENT_LEDGER_TITLE, MY_LEDGER_TITLE, type AccountReport } from '@portal/contract/ledger';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPKR } from '@/lib/format';
import { isAdmin, useSession } from '@/lib/session';
import { useAccountReport, type AccountReportRequest } from '../api/get-account-report';
import { LedgerForm } from './ledger-form';
import { LedgerTable } from './ledger-table';

function ReportSummary({ report }: { report: AccountReport }) {
  const period =
    report.type === 'date' ? `${formatDate(report.from)} to ${formatDate(report.to)}` : 'All records';
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={700}>
            {report.agent.agency_name ?? report.agent.name} ({AGENT_ID_PREFIX}
            {report.agent.agent_id})
          </Text>
          <Text size="sm" c="dimmed">
            {period}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="lg" role="list" aria-label="Balances">
          <div role="listitem" aria-label="Opening Balance">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Opening Balance
            </Text>
            <Text fw={700}>{formatPKR(report.opening_balance)}</Text>
          </div>
          <div role="listitem" aria-label="Closing Balance">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Closing Balance
            </Text>
            <Text fw={700}>{formatPKR(report.closing_balance)}</Text>
          </div>
        </SimpleGrid>
      </Group>
    </Paper>
  );
}

/**
 * /dashboard/accounts (001 §2 Accounts): My Ledger for role user, Agent Ledger for admin. An agent's report is
 * its own and opens with every record at once; an admin first picks an agent and presses Save.
 */
export function AccountReportPage() {
  const session = useSession();
  const admin = isAdmin(session);
  const ownAgentId = admin ? null : (session?.agent_id ?? null);
  const [request, setRequest] = useState<AccountReportRequest | null>(() =>
    admin ? null : { agent_id: ownAgentId ?? undefined, type: 'all' },
  );
  const report = useAccountReport(request);

  return (
    <>
      <PageHeader
        title={admin ? AGENT_LEDGER_TITLE : MY_LEDGER_TITLE}
        description={admin ? 'Choose an agent to see the account report.' : 'Your bookings and payments.'}
      />
      <LedgerForm admin={admin} ownAgentId={ownAgentId} loading={report.isFetching} onSubmit={setRequest} />
      {request === null ? null : report.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : report.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} maw={560}>
          {errorMessage(report.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <ReportSummary report={report.data.data} />
          <LedgerTable report={report.data.data} admin={admin} />
        </Stack>
      )}
    </>
  );
}
