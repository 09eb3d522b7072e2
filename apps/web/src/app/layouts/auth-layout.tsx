import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import classes from './auth-layout.module.css';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean };

const highlights = [
  'Live group seats on every major sector',
  'Hold, confirm and pay from one dashboard',
  'Your own ledger, always up to date',
];

/** Standalone pages (sign-in, register, forgot, thank-you): a brand panel beside the form card. */
export function AuthLayout({ title, subtitle, children, footer, wide = false }: AuthLayoutProps) {
  return (
    <Box className={classes.root}>
      <Box className={classes.brand} visibleFrom="md">
        <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label="Group Fares home">
          <Logo inverted />
        </Anchor>
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            Group fares for Pakistan&apos;s travel agents
          </Title>
          <Stack gap="sm">
            {highlights.map((line) => (
              <Group key={line} gap="sm" wrap="nowrap">
                <ThemeIcon variant="white" radius="xl" size={26} aria-hidden>
                  <IconCircleCheck size={16} />
                </ThemeIcon>
                <Text c="brand.0">{line}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        {/* The year of the prerendered HTML may be last year's (decision 012). */}
        <Text size="xs" c="brand.2" suppressHydrationWarning>
          © {new Date().getFullYear()} Group Fares
        </Text>
      </Box>
      <Center className={classes.formSide}>
        <Stack w="100%" maw={wide ? 720 : 440} gap="lg">
          <Box hiddenFrom="md">
            <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label="Group Fares home">
              <Logo />
            </Anchor>
          </Box>
          <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm" withBorder>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
          {footer ? (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}
