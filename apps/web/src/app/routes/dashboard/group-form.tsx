import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

/** addnewgroup and update-group/{id} (001 §2): add mode without an id, edit mode with one. */
export default function GroupFormRoute() {
  const { id } = useParams();
  return (
    <>
      <PageHeader title={id ? 'Edit Group' : 'Add New Group'} description={id ? `Group #${id}` : undefined} />
      <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} />} maw={640}>
        The group form is not available yet.
      </Alert>
      <Group mt="lg">
        <Button component={Link} to={paths.dashboard.groups.getHref()} variant="default">
          Cancel
        </Button>
      </Group>
    </>
  );
}
