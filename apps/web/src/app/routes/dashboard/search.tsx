import { useParams } from 'react-router';
import { NotAllowed } from '@/components/not-allowed';
import { PageHeader } from '@/components/page-header';
import { AgentSearchResults } from '@/features/agents/components/agent-search-results';
import { isAdmin, useSession } from '@/lib/session';

/**
 * /dashboard/search/{query}: agents found by e-mail for the header search (000 §2). searchagentbyemail is
 * an administrator's call (contract agents.ts), so an agent is told plainly instead of seeing a failed search.
 */
export default function DashboardSearchRoute() {
  const { query = '' } = useParams();
  const session = useSession();
  return (
    <>
      <PageHeader title="Search Result" description={`Results for “${query}”`} />
      {isAdmin(session) ? <AgentSearchResults query={query} /> : <NotAllowed />}
    </>
  );
}
