import { Avatar, Badge, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Airline } from '@portal/contract/airlines';
import { IconPlane } from '@tabler/icons-react';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { ListTable } from '@/components/list-table';
import { useDeleteAirline } from '../api/delete-airline';
import { useAirlines } from '../api/get-airlines';
import { AirlineFormModal } from './airline-form-modal';
import { useListPager } from '@/lib/list-params';

const COLUMNS = ['Logo', 'Full Name', 'Short Name', 'Status', 'Action'];

function AirlineActions({ airline }: { airline: Airline }) {
  const [opened, { open, close }] = useDisclosure(false);
  const deleteMutation = useDeleteAirline();
  return (
    <EditDeleteActions
      name={airline.full_name}
      onEdit={open}
      onDelete={() => deleteMutation.mutateAsync(airline.id)}
      deleting={deleteMutation.isPending}
    >
      <AirlineFormModal opened={opened} onClose={close} airline={airline} />
    </EditDeleteActions>
  );
}

/** Airlines table (001 §2): Logo, Full Name, Short Name, Status (Active when 1), Action; paged. */
export function AirlinesTable() {
  const list = useAirlines(useListPager());
  return (
    <ListTable columns={COLUMNS} emptyText="No Data Found" list={list}>
      {list.rows.map((airline) => (
        <Table.Tr key={airline.id}>
          <Table.Td>
            <Avatar src={airline.logo} alt={`${airline.full_name} logo`} radius="sm" size={40} imageProps={{ style: { objectFit: 'contain' } }}>
              <IconPlane size={18} />
            </Avatar>
          </Table.Td>
          <Table.Td>
            <Text fw={500} size="sm">
              {airline.full_name}
            </Text>
          </Table.Td>
          <Table.Td>{airline.short_name}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={airline.status === 1 ? 'teal' : 'gray'}>
              {airline.status === 1 ? 'Active' : 'Inactive'}
            </Badge>
          </Table.Td>
          <Table.Td>
            <AirlineActions airline={airline} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
