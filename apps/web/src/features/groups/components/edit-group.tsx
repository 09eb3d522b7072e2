import { Alert, Group, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { useGroup } from '../api/get-group';
import { GroupForm, type AddMySectorSlot } from './group-form';

/** update-group/{id}: loads the group (GET editgroup/{id}), then shows the form in edit mode. */
export function EditGroup({ id, addMySector }: { id: number; addMySector?: AddMySectorSlot }) {
  const group = useGroup(id);
  if (group.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  }
  if (group.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(group.error)}
      </Alert>
    );
  }
  return <GroupForm group={group.data} addMySector={addMySector} />;
}
