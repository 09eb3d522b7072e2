import { ActionIcon, Avatar, Burger, Group, Indicator, Menu, TextInput, Tooltip, UnstyledButton, Text } from '@mantine/core';
import { IconBell, IconLogout, IconSearch, IconUser, IconWorld } from '@tabler/icons-react';
import type { Session } from '@portal/contract/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { NOTIFICATION_BADGE_PLACEHOLDER } from '@/config/constants';
import { paths } from '@/config/paths';

type DashboardHeaderProps = {
  session: Session;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  onLogout: () => void;
};

/** Dashboard header (000 §2): sidebar toggle, search box, notifications badge, visit-website link, profile menu. */
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
      <Group gap="sm" wrap="nowrap">
        <Burger opened={mobileOpened} onClick={onToggleMobile} hiddenFrom="sm" size="sm" aria-label="Toggle sidebar" />
        <Burger opened={desktopOpened} onClick={onToggleDesktop} visibleFrom="sm" size="sm" aria-label="Toggle sidebar" />
        <Link to={paths.dashboard.root.getHref()} aria-label="Dashboard home" style={{ textDecoration: 'none' }}>
          <Logo size="sm" />
        </Link>
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
          visibleFrom="sm"
          radius="xl"
        />
      </form>

      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Visit website">
          <ActionIcon component={Link} to={paths.home.getHref()} variant="subtle" size="lg" aria-label="Visit website">
            <IconWorld size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Notifications">
          <Indicator label={NOTIFICATION_BADGE_PLACEHOLDER} size={16} offset={4} color="accent.7" inline>
            <ActionIcon
              component={Link}
              to={paths.dashboard.notifications.getHref()}
              variant="subtle"
              size="lg"
              aria-label={`Notifications (${NOTIFICATION_BADGE_PLACEHOLDER})`}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
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
