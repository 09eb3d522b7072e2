import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconLayoutDashboard, IconLogin, IconLogout, IconUserPlus } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { HEADER_HEIGHT, HEADER_SCROLL_THRESHOLD } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import classes from './public-header.module.css';

export const publicLinks = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'About', to: paths.aboutUs.getHref() },
  { label: 'Updates', to: paths.updates.getHref() },
  { label: 'Contact', to: paths.contactUs.getHref() },
  { label: 'Bank Accounts', to: paths.bankAccounts.getHref() },
] as const;

/**
 * Public header (000 §2): fixed 77px; solid with a shadow once the page scrolls past 10px.
 * With a stored token, Log out and Dashboard replace Log In and Register; the mobile drawer mirrors it.
 */
export function PublicHeader() {
  const [{ y }] = useWindowScroll();
  const [drawerOpened, drawer] = useDisclosure(false);
  const session = useSession();
  const logout = useLogout();
  const scrolled = y > HEADER_SCROLL_THRESHOLD;

  const authButtons = (vertical: boolean) =>
    session ? (
      <>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            drawer.close();
            void logout();
          }}
          fullWidth={vertical}
        >
          Log out
        </Button>
        <Button
          component={Link}
          to={paths.dashboard.root.getHref()}
          leftSection={<IconLayoutDashboard size={16} />}
          onClick={drawer.close}
          fullWidth={vertical}
        >
          Dashboard
        </Button>
      </>
    ) : (
      <>
        <Button
          component={Link}
          to={paths.signin.getHref()}
          variant="default"
          leftSection={<IconLogin size={16} />}
          onClick={drawer.close}
          fullWidth={vertical}
        >
          Log In
        </Button>
        <Button
          component={Link}
          to={paths.signup.getHref()}
          leftSection={<IconUserPlus size={16} />}
          onClick={drawer.close}
          fullWidth={vertical}
        >
          Register
        </Button>
      </>
    );

  return (
    <Box component="header" className={classes.header} data-scrolled={scrolled || undefined} h={HEADER_HEIGHT}>
      <Container size="xl" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <UnstyledButton component={Link} to={paths.home.getHref()} aria-label="Group Fares home">
            <Logo />
          </UnstyledButton>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md">
            {publicLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end className={classes.link}>
                {link.label}
              </NavLink>
            ))}
          </Group>
          <Group gap="xs" visibleFrom="md" wrap="nowrap">
            {authButtons(false)}
          </Group>
          <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="md" aria-label="Toggle navigation" />
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size="80%"
        padding="md"
        title={<Logo size="sm" />}
        hiddenFrom="md"
        zIndex={1000}
      >
        <Stack gap={4} component="nav" aria-label="Mobile">
          {publicLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.mobileLink} onClick={drawer.close}>
              {link.label}
            </NavLink>
          ))}
        </Stack>
        <Divider my="md" />
        <Stack gap="sm">{authButtons(true)}</Stack>
      </Drawer>
    </Box>
  );
}
