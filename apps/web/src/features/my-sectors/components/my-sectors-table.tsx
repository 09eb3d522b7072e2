import { Anchor, Avatar, Badge, Switch, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MySector } from '@portal/contract/my-sectors';
import { IconListDetails, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { ListTable } from '@/components/list-table';
import { paths } from '@/config/paths';
import { notifyOutcome } from '@/lib/notify';
import { useDeleteMySector } from '../api/delete-my-sector';
import { useMySectors } from '../api/get-my-sectors';
import { useToggleMySectorStatus } from '../api/update-my-sector';
import { MySectorFormModal } from './my-sector-form-modal';
import { useListPager } from '@/lib/list-params';

const COLUMNS = ['Name', 'Image', 'Status', 'Total PNR', 'Booking List', 'Action'];

/** The status switch (001 §2, §4): 1 active, 0 inactive, sent through updatemysector with the name. */
function StatusSwitch({ mySector }: { mySector: MySector }) {
  const toggle = useToggleMySectorStatus();
  // Shows the requested state while the call runs; the refreshed list has the final word.
  const checked = toggle.isPending ? toggle.variables.body.status === 1 : mySector.status === 1;
  return (
    <Switch
      aria-label={`${mySector.name} active`}
      checked={checked}
      disabled={toggle.isPending}
      label={checked ? 'Active' : 'Inactive'}
      onChange={(event) =>
        notifyOutcome(
          toggle.mutateAsync({
            id: mySector.id,
            body: { name: mySector.name, status: event.currentTarget.checked ? 1 : 0 },
          }),
        )
      }
    />
  );
}

function MySectorActions({ mySector }: { mySector: MySector }) {
  const [opened, { open, close }] = useDisclosure(false);
  const deleteMutation = useDeleteMySector();
  return (
    <EditDeleteActions
      name={mySector.name}
      onEdit={open}
      onDelete={() => deleteMutation.mutateAsync(mySector.id)}
      deleting={deleteMutation.isPending}
    >
      <MySectorFormModal opened={opened} onClose={close} mySector={mySector} />
    </EditDeleteActions>
  );
}

/** My Sectors (001 §2): name, image, status switch, totalpnr, the my sector's Booking List; paged. */
export function MySectorsTable() {
  const list = useMySectors(useListPager());
  return (
    <ListTable columns={COLUMNS} emptyText="No Data Found" list={list}>
      {list.rows.map((mySector) => (
        <Table.Tr key={mySector.id}>
          <Table.Td>
            <Text fw={600} size="sm">
              {mySector.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <Avatar src={mySector.image} alt={`${mySector.name} image`} radius="sm" size={44}>
              <IconPhoto size={18} />
            </Avatar>
          </Table.Td>
          <Table.Td>
            <StatusSwitch mySector={mySector} />
          </Table.Td>
          <Table.Td>
            <Badge variant="light" size="lg" radius="sm">
              {mySector.totalpnr}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Anchor
              component={Link}
              to={paths.dashboard.bookingList.getHref(mySector.id, mySector.name)}
              size="sm"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
            >
              <IconListDetails size={16} />
              Booking List
            </Anchor>
          </Table.Td>
          <Table.Td>
            <MySectorActions mySector={mySector} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
