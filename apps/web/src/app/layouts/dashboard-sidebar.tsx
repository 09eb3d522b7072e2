import { Avatar, Badge, Box, NavLink as MantineNavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Session } from '@portal/contract/auth';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { getSidebarSections, type SidebarItem } from './sidebar-links';
import classes from './dashboard-sidebar.module.css';

type DashboardSidebarProps = { session: Session; onNavigate?: () => void };

function isActive(pathname: string, to: string): boolean {
  if (to === paths.dashboard.root.getHref()) return pathname === to || pathname === `${to}/`;
  return pathname === to || pathname.startsWith(`${to}/`);
}

function SidebarBadge({ value }: { value?: string }) {
  if (!value) return null;
  return (
    <Badge size="xs" variant="filled" color="accent.7" radius="sm">
      {value}
    </Badge>
  );
}

function SidebarEntry({ item, pathname, onNavigate }: { item: SidebarItem; pathname: string; onNavigate?: () => void }) {
  const childActive = item.children?.some((child) => isActive(pathname, child.to)) ?? false;
  const [opened, setOpened] = useState(childActive);
  const Icon = item.icon;

  if (item.children) {
    return (
      <MantineNavLink
        // A real button (NavLink defaults to an <a> without href), so the group is reachable by
        // keyboard and announced with its expanded state.
        component="button"
        type="button"
        aria-expanded={opened}
        label={item.label}
        leftSection={<Icon size={18} stroke={1.6} />}
        opened={opened}
        onChange={setOpened}
        active={childActive && !opened}
        className={classes.link}
        variant="light"
      >
        {item.children.map((child) => (
          <MantineNavLink
            key={child.to}
            component={Link}
            to={child.to}
            label={child.label}
            rightSection={<SidebarBadge value={child.badge} />}
            active={isActive(pathname, child.to)}
            onClick={onNavigate}
            className={classes.link}
            variant="light"
          />
        ))}
      </MantineNavLink>
    );
  }
  return (
    <MantineNavLink
      component={Link}
      to={item.to ?? paths.dashboard.root.getHref()}
      label={item.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      rightSection={<SidebarBadge value={item.badge} />}
      active={isActive(pathname, item.to ?? '')}
      onClick={onNavigate}
      className={classes.link}
      variant="light"
    />
  );
}

/** Sidebar (000 §2): profile card, sections General / Management (admin) / Settings, collapsible groups. */
export function DashboardSidebar({ session, onNavigate }: DashboardSidebarProps) {
  const { pathname } = useLocation();
  const sections = getSidebarSections(session.role);

  return (
    <>
      <Box p="md" pb="xs">
        <UnstyledButton
          component={Link}
          to={paths.dashboard.myProfile.getHref()}
          onClick={onNavigate}
          className={classes.profile}
          aria-label="Open my profile"
        >
          <Avatar src={session.image || null} alt={session.name} radius="xl" size={44} color="brand" name={session.name} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {session.name}
            </Text>
            <Text size="xs" c="dimmed" tt="capitalize">
              {session.role === 'admin' ? 'Admin' : 'Agent'}
            </Text>
          </Box>
        </UnstyledButton>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="sm" pb="md" component="nav" aria-label="Dashboard">
        <Stack gap="md">
          {sections.map((section) => (
            <Box key={section.title}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} style={{ letterSpacing: 0.8 }}>
                {section.title}
              </Text>
              {section.items.map((item) => (
                <SidebarEntry key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
              ))}
            </Box>
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
}
