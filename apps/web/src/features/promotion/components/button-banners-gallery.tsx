import { Card, Center, Image, Loader, Modal, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { Banner } from '@portal/contract/banners';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PagerFooter } from '@/components/pager-footer';
import { useButtonBanners } from '../api/get-button-banners';
import { useListPager } from '@/lib/list-params';

type ShownBanner = Banner & { image: string };

/**
 * p/{id}/{name} (001 §2): the active banners of one dashboard button as image cards. A card opens the image large
 * in a fullscreen view. A failed load is only logged by the query layer (001 §8: no message), so it reads as empty.
 */
export function ButtonBannersGallery({ dashBtnId }: { dashBtnId: string }) {
  const list = useButtonBanners(dashBtnId, useListPager());
  const [opened, setOpened] = useState<ShownBanner | null>(null);
  const shown = list.rows.filter((banner): banner is ShownBanner => banner.image !== null);

  if (list.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading banners" />
      </Center>
    );
  }
  if (shown.length === 0) return <EmptyState text="No Data Found" />;

  return (
    <>
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p="md">
          {shown.map((banner) => (
            <UnstyledButton key={banner.id} onClick={() => setOpened(banner)} aria-label={`Open ${banner.name}`}>
              <Card withBorder radius="md" padding="xs">
                <Card.Section>
                  <Image src={banner.image} alt={banner.name} h={200} fit="cover" />
                </Card.Section>
                <Text fw={600} size="sm" mt="xs">
                  {banner.name}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <PagerFooter list={list} />
      </Paper>
      <Modal opened={opened !== null} onClose={() => setOpened(null)} fullScreen title={opened?.name}>
        {opened ? <Image src={opened.image} alt={`${opened.name} full size`} fit="contain" mah="calc(100vh - 100px)" /> : null}
      </Modal>
    </>
  );
}
