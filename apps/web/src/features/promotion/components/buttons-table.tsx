import { Anchor, Avatar, Button, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { DashButton } from '@portal/contract/dashboard-buttons';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { ListTable } from '@/components/list-table';
import { paths } from '@/config/paths';
import { useDeleteButton } from '../api/delete-button';
import { useDashButtons } from '../api/get-dash-buttons';
import { ButtonFormModal } from './button-form-modal';
import { StatusBadge } from './status-badge';
import { useListPager } from '@/lib/list-params';

const COLUMNS = ['Image', 'Title', 'Target', 'Status', 'Action'];

/** The 'Add Buttons' button of the Custom Btn page (001 §2). */
export function AddDashButtonButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open}>
        Add Buttons
      </Button>
      <ButtonFormModal opened={opened} onClose={close} />
    </>
  );
}

function ButtonActions({ button }: { button: DashButton }) {
  const [opened, { open, close }] = useDisclosure(false);
  const deleteMutation = useDeleteButton();
  return (
    <EditDeleteActions name={button.title} onEdit={open} onDelete={() => deleteMutation.mutateAsync(button.id)} deleting={deleteMutation.isPending}>
      <ButtonFormModal opened={opened} onClose={close} button={button} />
    </EditDeleteActions>
  );
}

/** 'All Buttons' (001 §2 Custom Btn): Image, Title, Target (linking to its banners page), Status, Action; paged. */
export function ButtonsTable() {
  const list = useDashButtons(useListPager());
  return (
    <ListTable columns={COLUMNS} emptyText="No Data Found" list={list}>
      {list.rows.map((button) => (
        <Table.Tr key={button.id}>
          <Table.Td>
            <Avatar src={button.image} alt={`${button.title} image`} radius="sm" size={44}>
              <IconPhoto size={18} />
            </Avatar>
          </Table.Td>
          <Table.Td>
            <Text fw={600} size="sm">
              {button.title}
            </Text>
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={paths.dashboard.buttonBanners.getHref(button.id, button.target)} size="sm">
              {button.target}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <StatusBadge status={button.status} />
          </Table.Td>
          <Table.Td>
            <ButtonActions button={button} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
