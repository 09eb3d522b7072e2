import { ActionIcon, Avatar, Box, Burger, Group, Menu, TextInput, Tooltip, UnstyledButton, Text } from '@mantine/core';
import { IconLogout, IconSearch, IconUser, IconWorld } from '@tabler/icons-react';
import type { Session } from '@portal/contract/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { RealtimeNotifications } from '@/features/notifications/components/realtime-notifications';

type DashboardHeaderProps = {
  session: Session;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  onLogout: () => void;
};

/**
 * Dashboard header (000 §2): sidebar toggle, search box, notifications badge (the real unread count), visit-website
 * link, profile menu. It also holds the realtime subscription (000 §7), which lives exactly as long as the session.
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
  const [query, setQuery] = useState('');

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <RealtimeNotifications session={session} />
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
        <Tooltip label="Visit website">
          <ActionIcon component={Link} to={paths.home.getHref()} variant="subtle" size="lg" aria-label="Visit website">
            <IconWorld size={20} />
          </ActionIcon>
        </Tooltip>
        <NotificationBell />
        <Menu position="bottom-end" width={200} shadow="md">
          <Menu.Target>
            <UnstyledButton aria-label="Profile menu">
              <Group gap={8} wrap="nowrap">
                <Avatar src={session.image || null} alt={session.name} name={session.name} radius="xl" size={34} color="brand" />
                <Text size="sm" fw={600} visibleFrom="md" maw={140} truncate>
                  {session.name}
                </Text>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={paths.dashboard.myProfile.getHref()} leftSection={<IconUser size={16} />}>
              My Profile
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
