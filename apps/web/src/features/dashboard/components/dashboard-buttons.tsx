import { Avatar, Badge, Button, Group, Skeleton } from '@mantine/core';
import type { UserDashboard } from '@portal/contract/dashboard';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type DashboardButton = UserDashboard['dash_btn'][number];

/**
 * The dashboard buttons (001 §2 Custom Btn): each opens the banners attached to it at /dashboard/p/{id}/{target};
 * the badge is how many active banners it has. Nothing shows when there are none (they are optional extras).
 */
export function DashboardButtons({ buttons }: { buttons: DashboardButton[] | undefined }) {
  if (!buttons) {
    return (
      <Group gap="xs" aria-label="Loading buttons" aria-busy>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={36} width={130} radius="md" />
        ))}
      </Group>
    );
  }
  if (buttons.length === 0) return null;
  return (
    <Group gap="xs" component="nav" aria-label="Dashboard buttons">
      {buttons.map((button) => (
        <Button
          key={button.id}
          component={Link}
          to={paths.dashboard.buttonBanners.getHref(button.id, button.target)}
          variant="default"
          radius="md"
          leftSection={
            <Avatar src={button.image} alt="" size={22} radius="sm" color="brand" variant="light">
              <IconPhoto size={14} aria-hidden />
            </Avatar>
          }
          rightSection={
            <Badge size="sm" variant="light" circle>
              {button.totalpnr}
            </Badge>
          }
        >
          {button.title}
        </Button>
      ))}
    </Group>
  );
}
