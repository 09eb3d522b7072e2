import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function AddGroupLink() {
  return (
    <Button component={Link} to={paths.dashboard.addNewGroup.getHref()} leftSection={<IconPlus size={16} />}>
      Add New Group
    </Button>
  );
}
