import { PageHeader } from '@/components/page-header';
import { AddAgentButton } from '@/features/agents/components/add-agent-button';
import { AgentsTable } from '@/features/agents/components/agents-table';

/** /dashboard/agents (001 §2, admin). */
export default function AgentsRoute() {
  return (
    <>
      <PageHeader title="Agents" actions={<AddAgentButton />} />
      <AgentsTable />
    </>
  );
}
