import { Box, Paper, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { isAdmin, useSession } from '@/lib/session';

/** Agents only, and below the fold's first lines: loaded beside the page (the /dashboard initial-JS budget, bench/budgets.ts). */
const SearchTicketsForm = lazy(() =>
  import('@/features/search/components/search-tickets-form').then((module) => ({ default: module.SearchTicketsForm })),
);

/** Admins only: the insights' queries, panels and (later still) their charts load beside the page (decision 034). */
const InsightsSection = lazy(() =>
  import('@/features/insights/components/insights-section').then((module) => ({ default: module.InsightsSection })),
);

/**
 * /dashboard (000 §2): admins see summary cards and lists, agents sector cards and the carousel. Admins also get the
 * insights' charts below (decision 034). Agents also get
 * the route, date and airline search on top (decision 023), which opens /dashboard/flights.
 */
export default function DashboardHomeRoute() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Dashboard" description={session ? `Welcome, ${session.name}` : undefined} />
      {!isAdmin(session) ? (
        <Paper withBorder p="md" radius="md" mb="md" component="section" aria-labelledby="dashboard-search-title">
          <Title order={3} fz="md" mb="xs" id="dashboard-search-title">
            Search Flights
          </Title>
          <Suspense fallback={null}>
            <SearchTicketsForm withAirline onSearch={(search) => void navigate(paths.dashboard.flights.getHref(search))} />
          </Suspense>
        </Paper>
      ) : null}
      <DashboardOverview />
      {isAdmin(session) ? (
        <Box mt="lg">
          <Suspense fallback={null}>
            <InsightsSection />
          </Suspense>
        </Box>
      ) : null}
    </>
  );
}
