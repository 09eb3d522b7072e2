import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { StaticPage } from './static-page';

const d = paths.dashboard;
/** The 15 public and dashboard paths listed in sitemap.xml (001 §2, §9). */
export const SITEMAP_PATHS: string[] = [
  paths.home.getHref(),
  paths.aboutUs.getHref(),
  paths.updates.getHref(),
  paths.contactUs.getHref(),
  paths.bankAccounts.getHref(),
  paths.signin.getHref(),
  paths.signup.getHref(),
  paths.forgot.getHref(),
  d.root.getHref(),
  d.bookings.getHref(),
  d.pendingBookings.getHref(),
  d.accounts.getHref(),
  d.myProfile.getHref(),
  d.notifications.getHref(),
  d.groups.getHref(),
];

export function buildSitemap(origin: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function downloadSitemap() {
  const blob = new Blob([buildSitemap(window.location.origin)], { type: 'application/xml' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'sitemap.xml';
  link.click();
  URL.revokeObjectURL(url);
}

/** /download-sitemap (001 §2): a button that downloads a generated sitemap.xml. */
export default function DownloadSitemapRoute() {
  return (
    <StaticPage title="Sitemap">
      <Stack gap="md" align="flex-start">
        <Text c="dimmed">Download a sitemap.xml listing the {SITEMAP_PATHS.length} main pages of the portal.</Text>
        <Button leftSection={<IconDownload size={16} />} onClick={downloadSitemap}>
          Download sitemap.xml
        </Button>
      </Stack>
    </StaticPage>
  );
}
