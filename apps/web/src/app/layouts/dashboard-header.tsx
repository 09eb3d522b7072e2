import { ActionIcon, Box, Burger, Group, TextInput } from '@mantine/core';
import { IconSearch, IconWorld } from '@tabler/icons-react';
import type { Session } from '@portal/contract/auth';
import { lazy, Suspense, useState } from 'react';
import { Link, useMatch, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { AgentCreditSummary } from '@/features/agents/components/agent-credit';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { RealtimeNotifications } from '@/features/notifications/components/realtime-notifications';
import { ProfileAvatar } from './profile-avatar';

const ProfileMenu = lazy(() => import('./profile-menu').then((module) => ({ default: module.ProfileMenu })));

type DashboardHeaderProps = {
  session: Session;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  onLogout: () => void;
};

/**
 * Dashboard header (000 §2): sidebar toggle, search box (agents, PNRs and bookings: decision 023), notifications badge (the real unread count), visit-website
 * link, profile menu; an agent's balance and available credit (PRODUCT §6). It also holds the realtime subscription (000 §7), which lives exactly as long as the session.
 */
export function DashboardHeader({
  session,
  mobileOpened,
  desktopOpened,
  onToggleMobile,
  onToggleDesktop,
  onLogout,
}: DashboardHeaderProps) {
  const navigate = useNavigate();
  // On the results page the box holds what was searched, so it can be refined; elsewhere it starts empty.
  const searched = useMatch(`${paths.dashboard.root.path}/${paths.dashboard.search.path}`)?.params.query ?? '';
  const [query, setQuery] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setQuery(searched);
  }

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      {/* Until a forced password change is done the server answers nothing else (issue 16 point 6). */}
      {!session.change_password && <RealtimeNotifications session={session} />}
      <Group gap="sm" wrap="nowrap">
        <Burger opened={mobileOpened} onClick={onToggleMobile} hiddenFrom="sm" size="sm" aria-label="Toggle sidebar" />
        <Burger opened={desktopOpened} onClick={onToggleDesktop} visibleFrom="sm" size="sm" aria-label="Toggle sidebar" />
        {/* On phones the search box takes the logo's place (the sidebar shows the brand). */}
        <Box visibleFrom="sm">
          <Link to={paths.dashboard.root.getHref()} aria-label="Dashboard home" style={{ textDecoration: 'none' }}>
            <Logo size="sm" />
          </Link>
        </Box>
      </Group>

      <form
        role="search"
        style={{ flex: 1, maxWidth: 420 }}
        onSubmit={(event) => {
          event.preventDefault();
          const value = query.trim();
          if (value) void navigate(paths.dashboard.search.getHref(value));
        }}
      >
        <TextInput
          aria-label="Search"
          placeholder="Search by email , PNR"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          radius="xl"
        />
      </form>

      <Group gap="xs" wrap="nowrap">
        {/* Native titles, not Mantine tooltips: the header paints without the popover code (issue 8). */}
        {/* On a phone it moves into the profile menu: the search box needs the room (decision 023). */}
        <ActionIcon component={Link} to={paths.home.getHref()} variant="subtle" size="lg" aria-label="Visit website" title="Visit website" visibleFrom="sm">
          <IconWorld size={20} />
        </ActionIcon>
        {/* PRODUCT §6: an agent sees its balance and, with a limit, its available credit. */}
        {!session.change_password && session.role === 'user' && <AgentCreditSummary />}
        {!session.change_password && <NotificationBell />}
        {/* Until the menu's code arrives (right after the shell), the same picture shows, not yet a button. */}
        <Suspense fallback={<ProfileAvatar session={session} />}>
          <ProfileMenu session={session} onLogout={onLogout} />
        </Suspense>
      </Group>
    </Group>
  );
}
