import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

const COLUMNS = ['PNR', 'Date', 'Sector', 'T.T We Have', 'T.T Selling', 'Price/Ticket', 'Sold', 'Add By', 'Status'];

/** /dashboard/groups-history (001 §2). Rows arrive with the screen's own issue. */
export default function GroupsHistoryRoute() {
  return (
    <>
      <PageHeader title="Closed Groups"
      actions={<Button component={Link} to={paths.dashboard.addNewGroup.getHref()} leftSection={<IconPlus size={16} />}>Add New Group</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Group Found" />
    </>
  );
}
