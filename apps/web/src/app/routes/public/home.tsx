import { Badge, Box, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Ticket, TicketSectorGroup } from '@portal/contract/tickets';
import { IconClockHour4, IconPlaneDeparture, IconShieldCheck, IconWallet } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { LoginModal } from '@/features/auth/components/login-modal';
import { HomeBanners } from '@/features/public-site/components/home-banners';
import { SearchTicketsForm } from '@/features/search/components/search-tickets-form';
import { useAvailableSectors } from '@/features/tickets/api/get-available-sectors';
import { ShareMenu } from '@/features/share/components/share-menu';
import { sectorShareProps } from '@/features/share/components/share-props';
import { TicketSectorList } from '@/features/tickets/components/ticket-sector-list';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import classes from './home.module.css';
import { TicketActions } from '@/app/routes/ticket-actions';

const features = [
  { icon: IconPlaneDeparture, title: 'Group seats', text: 'Blocks of seats on Gulf, Saudi and UK sectors, ready to sell.' },
  { icon: IconClockHour4, title: 'Hold and confirm', text: 'Hold seats while you collect passports, confirm when ready.' },
  { icon: IconWallet, title: 'Clear accounts', text: 'Every booking and payment in your own ledger, in PKR.' },
  { icon: IconShieldCheck, title: 'Verified agents', text: 'Only verified travel agencies can book and see prices.' },
];

export const HOME_TITLE = 'Airline Group Tickets';

/** Ticket cards shown per sector before 'Show all N PNRs' (decision 010). */
export const HOME_CARDS_PER_SECTOR = 3;
export const HOME_DESCRIPTION =
  'Group Fares: B2B portal for Pakistani travel agents to search, book and pay for airline group tickets.';

/** Home (000 §1-§2, 001 §2): banner, Search Group Tickets, Available Sectors (ticket cards by sector), banners. */
export default function HomeRoute() {
  usePageMeta({ title: HOME_TITLE, description: HOME_DESCRIPTION });
  const session = useSession();
  // Booking without a session opens 'Login to your portal' (000 §2), then goes on with the booking.
  const [continueBooking, setContinueBooking] = useState<(() => void) | null>(null);

  const signedIn = session !== null;
  const renderBook = (ticket: Ticket) => <TicketActions ticket={ticket} onLoginRequired={(next) => setContinueBooking(() => next)} />;
  const renderShareSector = signedIn ? (group: TicketSectorGroup) => <ShareMenu {...sectorShareProps(group)} /> : undefined;

  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 48, md: 88 }}>
          <Stack gap="md" maw={640}>
            <Badge variant="white" color="brand" size="lg" radius="sm" w="fit-content">
              B2B portal for travel agents
            </Badge>
            <Title order={1} c="white" fz={{ base: 32, sm: 44 }} lh={1.15}>
              Airline group tickets, booked in minutes
            </Title>
            <Text c="brand.0" fz={{ base: 'md', sm: 'lg' }}>
              Search live group fares, hold seats for your passengers and manage payments from one dashboard.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container size="xl" className={classes.searchWrap}>
        <Paper shadow="lg" p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder>
          <Title order={2} fz="xl" mb="md">
            Search Group Tickets
          </Title>
          <SearchTicketsForm />
        </Paper>
      </Container>

      <Container size="xl" py={56}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Title order={2}>Available Sectors</Title>
              <Text c="dimmed">Group fares currently on offer, by route.</Text>
            </Stack>
          </Group>
          <AvailableSectors signedIn={signedIn} renderAction={renderBook} renderSectorAction={renderShareSector} />
          <HomeBanners />
        </Stack>
      </Container>

      <Box bg="white" py={56}>
        <Container size="xl">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
            {features.map((feature) => (
              <Stack key={feature.title} gap="xs">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <feature.icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Text fw={700}>{feature.title}</Text>
                <Text size="sm" c="dimmed">
                  {feature.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
      <LoginModal
        opened={continueBooking !== null}
        onClose={() => setContinueBooking(null)}
        onSuccess={() => continueBooking?.()}
      />
    </>
  );
}

/**
 * The sectors and their ticket cards. The only part of the page that reads them, so that their arrival
 * re-renders this list alone, and with a deferred value: React renders the cards in slices it can interrupt,
 * instead of one long task on a phone right after the page has painted (issue 8, total blocking time).
 */
function AvailableSectors({
  signedIn,
  renderAction,
  renderSectorAction,
}: {
  signedIn: boolean;
  renderAction: (ticket: Ticket) => ReactNode;
  renderSectorAction: ((group: TicketSectorGroup) => ReactNode) | undefined;
}) {
  const sectors = useAvailableSectors();
  const groups = useDeferredValue(sectors.data?.tickets);
  return (
    <TicketSectorList
      groups={groups}
      loading={sectors.isPending || groups !== sectors.data?.tickets}
      signedIn={signedIn}
      renderAction={renderAction}
      renderSectorAction={renderSectorAction}
      collapseAfter={HOME_CARDS_PER_SECTOR}
    />
  );
}
