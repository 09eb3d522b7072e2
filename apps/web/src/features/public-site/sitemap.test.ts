import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSitemap, downloadSitemap, SITEMAP_FILE_NAME, SITEMAP_PATHS } from './sitemap';

function locs(xml: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return Array.from(doc.getElementsByTagName('loc'), (loc) => loc.textContent ?? '');
}

describe('sitemap.xml (001 §2, §9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when built, then it lists 15 distinct absolute URLs on the given origin', () => {
    const urls = locs(buildSitemap('https://groupfares.pk/'));
    expect(urls).toHaveLength(15);
    expect(new Set(urls).size).toBe(15);
    expect(urls).toContain('https://groupfares.pk/');
    expect(urls).toContain('https://groupfares.pk/bankaccounts');
    expect(urls).toContain('https://groupfares.pk/dashboard/pendingbookings');
    for (const url of urls) expect(url).toMatch(/^https:\/\/groupfares\.pk\/[a-z-/]*$/);
    expect(SITEMAP_PATHS).toHaveLength(15);
  });

  it('when downloaded, then a sitemap.xml file of the page origin is offered', async () => {
    let saved: Blob | undefined;
    // jsdom has no object URLs: give URL the two functions, then watch them.
    if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:sitemap';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe(SITEMAP_FILE_NAME);
      expect(this.getAttribute('href')).toBe('blob:sitemap');
    });

    downloadSitemap();

    expect(click).toHaveBeenCalledTimes(1);
    if (!saved) throw new Error('the sitemap was turned into a blob');
    expect(saved.type).toBe('application/xml');
    const urls = locs(await saved.text());
    expect(urls).toHaveLength(15);
    expect(urls[0]).toBe(`${window.location.origin}/`);
  });
});
