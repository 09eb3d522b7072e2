import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadSitemap, SITEMAP_PATHS } from '@/features/public-site/sitemap';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from './static-page';

/** /download-sitemap (001 §2): a button that downloads a generated sitemap.xml of the 15 paths. */
export default function DownloadSitemapRoute() {
  usePageMeta({ title: 'Sitemap', description: 'Download the Group Fares sitemap.xml listing the main pages of the portal.' });
  return (
    <StaticPage title="Sitemap">
      <Stack gap="md" align="flex-start">
        <Text c="dimmed">Download a sitemap.xml listing the {SITEMAP_PATHS.length} main pages of the portal.</Text>
        <Button leftSection={<IconDownload size={16} />} onClick={() => downloadSitemap()}>
          Download sitemap.xml
        </Button>
      </Stack>
    </StaticPage>
  );
}
