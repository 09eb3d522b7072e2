import { Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { NO_DATA_FOUND_TEXT, type UserDashboard } from '@portal/contract/dashboard';
import { IconChevronRight, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import classes from './sector-cards.module.css';

type Sector = UserDashboard['sector_summary'][number];

const pnrCount = (count: number) => `${count} ${count === 1 ? 'PNR' : 'PNRs'}`;

function SectorCard({ sector }: { sector: Sector }) {
  return (
    <Card
      component={Link}
      to={paths.dashboard.bookingList.getHref(sector.id, sector.name)}
      padding="sm"
      shadow="xs"
      className={classes.card}
      aria-label={`${sector.name}, ${pnrCount(sector.totalpnr)}`}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={sector.image} alt="" size={40} radius="md" color="brand" variant="light">
          <IconMapPin size={20} aria-hidden />
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {sector.name}
          </Text>
          <Text size="xs" c="dimmed">
            {pnrCount(sector.totalpnr)}
          </Text>
        </Stack>
        <IconChevronRight size={16} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
    </Card>
  );
}

/** 'All Sectors': one card per active my sector, opening its booking list (000 §2, 001 §2 My Sectors). */
export function SectorCards({ sectors }: { sectors: Sector[] | undefined }) {
  const cols = { base: 2, sm: 3 };
  if (!sectors) {
    return (
      <SimpleGrid cols={cols} spacing="sm" aria-label="Loading sectors" aria-busy>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={66} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (sectors.length === 0) return <EmptyState text={NO_DATA_FOUND_TEXT} icon={<IconMapPin size={26} stroke={1.5} />} />;
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {sectors.map((sector) => (
        <SectorCard key={sector.id} sector={sector} />
      ))}
    </SimpleGrid>
  );
}
