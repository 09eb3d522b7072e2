import { paths } from '@/config/paths';
import { saveFile } from '@/lib/save-file';

const d = paths.dashboard;

/**
 * The 15 public and dashboard paths sitemap.xml lists (001 §2, §9 "Sitemap lists 15 paths"). The seeds do not
 * name them: these are the public pages, the sign-in pages and the dashboard pages every signed-in user
 * reaches from the sidebar. Routes with parameters (search, PNR, booking) are left out.
 */
export const SITEMAP_PATHS: readonly string[] = [
  paths.home.getHref(),
  paths.aboutUs.getHref(),
  paths.updates.getHref(),
  paths.contactUs.getHref(),
  paths.bankAccounts.getHref(),
  paths.signin.getHref(),
  paths.signup.getHref(),
  paths.forgot.getHref(),
  paths.downloadSitemap.getHref(),
  d.root.getHref(),
  d.bookings.getHref(),
  d.pendingBookings.getHref(),
  d.payments.getHref(),
  d.accounts.getHref(),
  d.notifications.getHref(),
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** sitemap.xml (sitemaps.org 0.9) with absolute URLs on `origin` (the site's own, window.location.origin). */
export function buildSitemap(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export const SITEMAP_FILE_NAME = 'sitemap.xml';

/** Offers the generated sitemap as a download named sitemap.xml (001 §2). */
export function downloadSitemap(origin: string = window.location.origin): void {
  saveFile(new Blob([buildSitemap(origin)], { type: 'application/xml' }), SITEMAP_FILE_NAME);
}
