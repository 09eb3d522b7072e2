import { PageHeader } from '@/components/page-header';
import { AddAgentButton } from '@/features/agents/components/add-agent-button';
import { AgentsTable } from '@/features/agents/components/agents-table';

/**
 * /dashboard/agents (001 §2, admin): searched and filtered by status in the address (decision 022), so the
 * dashboard's Pending Agents 'View all' opens `?status=pending` (decision 023).
 */
export default function AgentsRoute() {
  return (
    <>
      <PageHeader title="Agents" actions={<AddAgentButton />} />
      <AgentsTable />
    </>
  );
}
