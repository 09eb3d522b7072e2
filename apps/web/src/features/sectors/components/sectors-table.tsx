import { Badge, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Sector } from '@portal/contract/sectors';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { ListTable } from '@/components/list-table';
import { useDeleteSector } from '../api/delete-sector';
import { useSectors } from '../api/get-sectors';
import { SectorFormModal } from './sector-form-modal';
import { useListPager } from '@/lib/list-params';

const COLUMNS = ['Sector', 'From', 'From-City', 'To', 'To-City', 'Status', 'Action'];

function SectorActions({ sector }: { sector: Sector }) {
  const [opened, { open, close }] = useDisclosure(false);
  const deleteMutation = useDeleteSector();
  return (
    <EditDeleteActions
      name={sector.sector_name}
      onEdit={open}
      onDelete={() => deleteMutation.mutateAsync(sector.id)}
      deleting={deleteMutation.isPending}
    >
      <SectorFormModal opened={opened} onClose={close} sector={sector} />
    </EditDeleteActions>
  );
}

/** Sectors table (001 §2): Sector, From, From-City, To, To-City, Status, Action; paged. */
export function SectorsTable() {
  const list = useSectors(useListPager());
  return (
    <ListTable columns={COLUMNS} emptyText="No Data Found" list={list}>
      {list.rows.map((sector) => (
        <Table.Tr key={sector.id}>
          <Table.Td>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {sector.sector_name}
            </Text>
          </Table.Td>
          <Table.Td>{sector.from_sector}</Table.Td>
          <Table.Td>{sector.from_city}</Table.Td>
          <Table.Td>{sector.to_sector}</Table.Td>
          <Table.Td>{sector.to_city}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={sector.status === 1 ? 'teal' : 'gray'}>
              {sector.status === 1 ? 'Active' : 'Inactive'}
            </Badge>
          </Table.Td>
          <Table.Td>
            <SectorActions sector={sector} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
