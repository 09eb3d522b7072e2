import { AspectRatio, Image, SimpleGrid, Stack, Title } from '@mantine/core';
import { useHomeBanners } from '../api/get-home-banners';

/** The banners strip of the home page (001 §2), for every visitor; nothing when there is none. */
export function HomeBanners() {
  const banners = useHomeBanners();
  if (!banners.data || banners.data.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-label="Promotions">
      <Title order={2}>Promotions</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {banners.data.slice(0, 6).map((banner) => (
          <AspectRatio key={banner.id} ratio={8 / 3}>
            <Image src={banner.image} alt={banner.name} radius="md" fit="cover" loading="lazy" />
          </AspectRatio>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
