import { Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUser, IconWorld } from '@tabler/icons-react';
import type { Session } from '@portal/contract/auth';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ProfileAvatar } from './profile-avatar';

/**
 * The header's profile menu (000 §2: My Profile, Logout; on a phone also the visit-website link). Loaded beside the shell, not before it: the menu's
 * positioning code (floating-ui) is not needed to paint the dashboard (issue 8, initial JS of /dashboard).
 */
export function ProfileMenu({ session, onLogout }: { session: Session; onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Profile menu">
          <ProfileAvatar session={session} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.dashboard.myProfile.getHref()} leftSection={<IconUser size={16} />}>
          My Profile
        </Menu.Item>
        {/* On a phone the header's visit-website link lives here, so the search box shows its whole placeholder. */}
        <Menu.Item component={Link} to={paths.home.getHref()} leftSection={<IconWorld size={16} />} hiddenFrom="sm">
          Visit website
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
