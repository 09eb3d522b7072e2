import { Alert, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { AGENT_LEDGER_TITLE, MY_LEDGER_TITLE, type AccountReport } from '@portal/contract/ledger';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { PageHeader } from '@/components/page-header';
import { ReportActions } from '@/components/report-actions';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { useListParams } from '@/lib/list-params';
import { isAdmin, useSession } from '@/lib/session';
import { useDownloadAccountReport } from '../api/download-account-report';
import { LEDGER_PARAMS, toAccountReportRequest, useAccountReport, type LedgerParams } from '../api/get-account-report';
import { describeLedgerAgent } from './agent-picker';
import { LedgerForm } from './ledger-form';
import { LedgerTable } from './ledger-table';

function ReportSummary({ report }: { report: AccountReport }) {
  const period =
    report.type === 'date' ? `${formatDate(report.from)} to ${formatDate(report.to)}` : 'All records';
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={700}>{describeLedgerAgent(report.agent)}</Text>
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
 * /dashboard/accounts (001 §2 Accounts): My Ledger for role user, Agent Ledger for admin. An agent's report is its
 * own and opens with every record at once; an admin first picks an agent and presses Show ledger. The agent and the
 * range live in the address (Agents Balance links to an agent's ledger; Back from a booking returns to it), and the
 * report prints and downloads as xlsx for that agent and range (issue 21 §7, §8; decision 022).
 */
export function AccountReportPage() {
  const session = useSession();
  const admin = isAdmin(session);
  const ownAgentId = admin ? null : (session?.agent_id ?? null);
  const { filters, setFilters } = useListParams(LEDGER_PARAMS);
  const request = useMemo(() => toAccountReportRequest(filters, ownAgentId, admin), [filters, ownAgentId, admin]);
  const report = useAccountReport(request);
  const download = useDownloadAccountReport();
  const data = request === null ? undefined : report.data?.data;
  const agentLabel = data && String(data.agent.agent_id) === filters.agent_id ? describeLedgerAgent(data.agent) : null;

  const show = (next: LedgerParams) => {
    const same = (['agent_id', 'from', 'to'] as const).every((key) => (next[key] ?? '') === (filters[key] ?? ''));
    // The same ledger asked for again: fetched again (a payment may have been made meanwhile).
    if (same) void report.refetch();
    else setFilters(next);
  };

  return (
    <>
      <PageHeader
        title={admin ? AGENT_LEDGER_TITLE : MY_LEDGER_TITLE}
        description={admin ? 'Choose an agent to see the account report.' : 'Your bookings and payments.'}
        actions={
          <ReportActions
            onDownload={() => request && download.mutate(request)}
            downloading={download.isPending}
            disabled={!data}
          />
        }
      />
      <LedgerForm admin={admin} applied={filters} appliedAgentLabel={agentLabel} loading={report.isFetching} onSubmit={show} />
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
