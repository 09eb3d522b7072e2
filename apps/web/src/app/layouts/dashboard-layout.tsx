import { AppShell, Box, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import '../print.css';

const DASHBOARD_HEADER_HEIGHT = 64;

// The modals over the shell are not part of its first paint: their code loads beside it (issue 8: initial JS).
const ChangePasswordModal = lazy(() =>
  import('@/features/auth/components/change-password-modal').then((module) => ({ default: module.ChangePasswordModal })),
);
const WhatsappVerificationModal = lazy(() =>
  import('@/features/auth/components/whatsapp-verification-modal').then((module) => ({ default: module.WhatsappVerificationModal })),
);
const BannerPopup = lazy(() => import('@/features/banner-popup/components/banner-popup').then((module) => ({ default: module.BannerPopup })));

/**
 * Dashboard shell (000 §2): header, sidebar, content, footer. The toggle flips one active state that
 * the four parts expose as data-sidebar-collapsed; on phones the sidebar is an overlay drawer.
 * Blocking modals over the shell live here (000 §2): the forced password change, then WhatsApp verification
 * (it waits while change_password is set); the banner popup later.
 */
export default function DashboardLayout() {
  const session = useSession();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const logout = useLogout();

  // RequireSession renders this layout only with a session; the check keeps types honest.
  if (!session) return null;
  const collapsed = !desktopOpened || undefined;

  return (
    <AppShell
      header={{ height: DASHBOARD_HEADER_HEIGHT }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
      bg="var(--mantine-color-gray-0)"
    >
      <AppShell.Header data-sidebar-collapsed={collapsed} data-no-print>
        <DashboardHeader
          session={session}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={mobile.toggle}
          onToggleDesktop={desktop.toggle}
          onLogout={() => void logout()}
        />
      </AppShell.Header>
      <AppShell.Navbar data-sidebar-collapsed={collapsed} data-no-print style={{ display: 'flex', flexDirection: 'column' }}>
        <DashboardSidebar session={session} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main data-sidebar-collapsed={collapsed} data-print-main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box style={{ flex: 1 }} maw={1400} w="100%" mx="auto">
          {/* The page's own requests would only be refused while the password must be changed (issue 16 point 6). */}
          {!session.change_password && <Outlet />}
        </Box>
        <Box component="footer" data-sidebar-collapsed={collapsed} data-no-print pt="xl" pb="xs">
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getFullYear()} Group Fares · Airline group tickets
          </Text>
        </Box>
      </AppShell.Main>
      <Suspense fallback={null}>
        <ChangePasswordModal />
        <WhatsappVerificationModal />
        <BannerPopup />
      </Suspense>
    </AppShell>
  );
}
