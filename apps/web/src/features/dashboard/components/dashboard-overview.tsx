import { Alert, Button, Grid, Stack, Title } from '@mantine/core';
import { DASHBOARD_TEXTS } from '@portal/contract/dashboard';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { isAdmin, useSession } from '@/lib/session';
import { isAdminDashboard, useDashboard } from '../api/get-dashboard';
import { BannerCarousel } from './banner-carousel';
import { DashboardButtons } from './dashboard-buttons';
import { SectorCards } from './sector-cards';
import { SummaryCards } from './summary-cards';

/**
 * Admins only: what waits and the three lists load beside the dashboard's data, not with every user's first paint
 * (the /dashboard initial-JS budget, bench/budgets.ts).
 */
const WaitingLists = lazy(() => import('./waiting-lists').then((module) => ({ default: module.WaitingLists })));
const DeadlinesList = lazy(() => import('./deadlines-list').then((module) => ({ default: module.DeadlinesList })));
const DashboardLists = lazy(() => import('./dashboard-lists').then((module) => ({ default: module.DashboardLists })));

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={3} fz="md" mb="xs">
      {children}
    </Title>
  );
}

/**
 * The dashboard body (000 §2): an admin sees the count cards, what waits for it (decision 023), sector cards beside
 * the banner carousel, and the three lists; everyone else sees the sector cards and the carousel (000 §6), plus the dashboard buttons both get.
 */
export function DashboardOverview() {
  const admin = isAdmin(useSession());
  const dashboard = useDashboard();
  const data = dashboard.data;
  const adminData = isAdminDashboard(data) ? data : undefined;
  // Without an answer the sections keep their skeletons; after a failure they give way to the message.
  const failed = dashboard.isError && !data;

  return (
    <Stack gap="md">
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The dashboard could not be loaded">
          <Stack gap="xs" align="flex-start">
            {errorMessage(dashboard.error)}
            <Button size="compact-sm" variant="light" color="red" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {admin && !failed ? <SummaryCards data={adminData} /> : null}
      {admin && !failed ? (
        <Suspense fallback={null}>
          <WaitingLists data={adminData} />
        </Suspense>
      ) : null}
      {admin && !failed ? (
        <Suspense fallback={null}>
          <DeadlinesList />
        </Suspense>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionTitle>{DASHBOARD_TEXTS.allSectors}</SectionTitle>
          {failed ? null : <SectorCards sectors={data?.sector_summary} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionTitle>Promotions</SectionTitle>
          <Stack gap="sm">
            <BannerCarousel />
            {failed ? null : <DashboardButtons buttons={data?.dash_btn} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {admin && !failed ? (
        <Suspense fallback={null}>
          <DashboardLists data={adminData} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
