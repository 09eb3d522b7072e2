import { Avatar, Button, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Banner } from '@portal/contract/banners';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { ListTable } from '@/components/list-table';
import { useDeleteBanner } from '../api/delete-banner';
import { usePromotionBanners } from '../api/get-promotion-banners';
import { BannerFormModal } from './banner-form-modal';
import { StatusBadge } from './status-badge';
import { useListPager } from '@/lib/list-params';

const COLUMNS = ['Image', 'Title', 'Status', 'Action'];

/** The 'Add' button of the Promotion page (001 §2). */
export function AddBannerButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open}>
        Add
      </Button>
      <BannerFormModal opened={opened} onClose={close} />
    </>
  );
}

function BannerActions({ banner }: { banner: Banner }) {
  const [opened, { open, close }] = useDisclosure(false);
  const deleteMutation = useDeleteBanner();
  return (
    <EditDeleteActions name={banner.name} onEdit={open} onDelete={() => deleteMutation.mutateAsync(banner.id)} deleting={deleteMutation.isPending}>
      <BannerFormModal opened={opened} onClose={close} banner={banner} />
    </EditDeleteActions>
  );
}

/** 'All Banners' (001 §2 Promotion): Image, Title, Status, Action; every banner, active or not; paged. */
export function BannersTable() {
  const list = usePromotionBanners(useListPager());
  return (
    <ListTable columns={COLUMNS} emptyText="No Data Found" list={list}>
      {list.rows.map((banner) => (
        <Table.Tr key={banner.id}>
          <Table.Td>
            <Avatar src={banner.image} alt={`${banner.name} image`} radius="sm" size={56}>
              <IconPhoto size={18} />
            </Avatar>
          </Table.Td>
          <Table.Td>
            <Text fw={600} size="sm">
              {banner.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge status={banner.status} />
          </Table.Td>
          <Table.Td>
            <BannerActions banner={banner} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
