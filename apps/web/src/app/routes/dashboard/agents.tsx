import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { AddAgentButton } from '@/features/agents/components/add-agent-button';
import { AgentStatusFilter, parseAgentStatus } from '@/features/agents/components/agent-status-filter';
import { AgentsTable } from '@/features/agents/components/agents-table';

/** /dashboard/agents (001 §2, admin); `?status=pending` shows the agents awaiting approval (decision 023). */
export default function AgentsRoute() {
  const [params, setParams] = useSearchParams();
  const status = parseAgentStatus(params.get('status'));
  return (
    <>
      <PageHeader title="Agents" actions={<AddAgentButton />} />
      <AgentStatusFilter value={status} onChange={(next) => setParams(next ? { status: next } : {})} />
      <AgentsTable status={status} />
    </>
  );
}
