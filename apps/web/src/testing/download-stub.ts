import { vi } from 'vitest';

/**
 * Answers the file download calls to `path` (a report's xlsx) with `fileName` and stubbed bytes, passing every other
 * call on to the fetch stub already in place, and catches the save (lib/save-file.ts): the names the browser was
 * asked to save under, the blob, and each download's url and headers.
 */
export function stubDownloads({ path, fileName }: { path: string; fileName: string }) {
  const passOn = globalThis.fetch;
  const downloads: Array<{ url: string; headers: Headers }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(path)) return passOn(input, init);
    downloads.push({ url, headers: new Headers(init?.headers) });
    return new Response('xlsx bytes', { status: 200, headers: { 'content-disposition': `attachment; filename="${fileName}"` } });
  });
  if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { downloads, names, saved };
}
