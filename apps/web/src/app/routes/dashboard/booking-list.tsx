import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

/** /dashboard/booking/{id}/{title}: tickets of one my-sector, 'Booking List' (001 §2). */
export default function BookingListRoute() {
  const { title = '' } = useParams();
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={paths.dashboard.root.getHref()} size="sm">
          Dashboard
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <PageHeader title="Booking List" description={title} />
      <EmptyState text="No Ticket Found" />
    </>
  );
}
