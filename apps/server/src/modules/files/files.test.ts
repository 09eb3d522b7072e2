import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test/helpers.js';
import { pathOf, PNG_BYTES, pngFile, postForm, WEBP_BYTES, JPEG_BYTES } from '../../test/uploads.js';
import { detectFileType } from './files.usecases.js';
import { files } from './files.table.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

// With a built SPA, so the tests show /uploads paths never fall back to its index.html.
let t: TestApp;
let admin: string;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ webDistDir });
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('detectFileType (PRODUCT §4: checked by content)', () => {
  it('when bytes start with a known signature, then its type; otherwise none', () => {
    expect(detectFileType(PNG_BYTES)).toBe('png');
    expect(detectFileType(JPEG_BYTES)).toBe('jpeg');
    expect(detectFileType(WEBP_BYTES)).toBe('webp');
    expect(detectFileType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(detectFileType(Buffer.from('RIFF1234WAVEfmt '))).toBeUndefined();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('stored files', () => {
  it('when a logo is uploaded, then its bytes are under DATA_DIR/uploads at the row storage path', async () => {
    const response = await postForm(t.app, '/api/add-airline', [['full_name', 'Disk Air'], ['short_name', 'DA'], ['logo', pngFile('disk.png')]], admin);
    expect(response.statusCode).toBe(201);
    const url = response.json().data.logo as string;
    const storagePath = pathOf(url).replace(/^\/uploads\//, '');
    const [row] = await t.db.select().from(files).where(eq(files.storagePath, storagePath));
    const onDisk = await readFile(path.join(t.config.dataDir, 'uploads', ...storagePath.split('/')));
    expect(row).toMatchObject({ kind: 'airline_logo', visibility: 'public', mime: 'image/png', size: onDisk.length, originalName: 'disk.png' });
    // Stored as its re-encoded pixels (issue 16.11): the same 4x4 PNG image.
    expect(await sharp(onDisk).metadata()).toMatchObject({ format: 'png', width: 4, height: 4 });
  });

  it('when the same file is uploaded twice, then both records use one file', async () => {
    const first = await postForm(t.app, '/api/add-airline', [['full_name', 'Twin A'], ['short_name', 'TA'], ['logo', pngFile('twin.png')]], admin);
    const second = await postForm(t.app, '/api/add-airline', [['full_name', 'Twin B'], ['short_name', 'TB'], ['logo', pngFile('twin.png')]], admin);
    expect(second.json().data.logo).toBe(first.json().data.logo);
    const storagePath = pathOf(first.json().data.logo).replace(/^\/uploads\//, '');
    expect(await t.db.select().from(files).where(eq(files.storagePath, storagePath))).toHaveLength(1);
  });
});

describe('uploaded images are decoded and encoded again (issue 16.11)', () => {
  async function storedBytes(url: string): Promise<Buffer> {
    return readFile(path.join(t.config.dataDir, 'uploads', ...pathOf(url).replace(/^\/uploads\//, '').split('/')));
  }
  async function fileRowCount(): Promise<number> {
    return (await t.db.select().from(files)).length;
  }

  it('when a PNG carries an HTML page after its image data, then only the image is stored and served', async () => {
    const polyglot = Buffer.concat([PNG_BYTES, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const response = await postForm(t.app, '/api/add-airline', [['full_name', 'Poly Air'], ['short_name', 'PY'], ['logo', pngFile('poly.png', polyglot)]], admin);
    expect(response.statusCode).toBe(201);
    const stored = await storedBytes(response.json().data.logo);
    expect(stored.includes('<script>')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 4, height: 4 });
    const served = await t.app.inject({ method: 'GET', url: pathOf(response.json().data.logo) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('<script>')).toBe(false);
  });

  it('when a JPEG hides a script and a GPS position in its metadata, then neither is stored', async () => {
    const tagged = await sharp(JPEG_BYTES)
      .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer();
    expect(tagged.includes('<script>')).toBe(true);
    const response = await postForm(t.app, '/api/add-airline', [['full_name', 'Exif Air'], ['short_name', 'EX'], ['logo', { filename: 'exif.jpg', contentType: 'image/jpeg', data: tagged }]], admin);
    expect(response.statusCode).toBe(201);
    const stored = await storedBytes(response.json().data.logo);
    expect(stored.includes('<script>')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('when the bytes start like a PNG but are not one, then 422 on the field and nothing is stored', async () => {
    const before = await fileRowCount();
    const fake = Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.from('<html>not an image</html>')]);
    const response = await postForm(t.app, '/api/add-airline', [['full_name', 'Fake Air'], ['short_name', 'FK'], ['logo', pngFile('fake.png', fake)]], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['The logo could not be read as an image.'] });
    expect(await fileRowCount()).toBe(before);
  });

  it('when an image has more pixels than any scan needs (a decompression bomb), then 422 before decoding it', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(2_097_152);
    const response = await postForm(t.app, '/api/add-airline', [['full_name', 'Bomb Air'], ['short_name', 'BM'], ['logo', pngFile('bomb.png', bomb)]], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['The logo has too many pixels: at most 50 megapixels.'] });
  });
});

describe('GET /uploads/...', () => {
  it('when a public file does not exist, then 404 JSON, not the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/public/nope.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('when another /uploads path is asked (private files, the folders), then 404', async () => {
    for (const url of ['/uploads/private/passport/x.png', '/uploads/public/', '/uploads/public/airline_logo/', '/uploads', '/uploads/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<!doctype html>');
    }
  });

  it('when a path climbs out of the public folder, then the data directory is not served', async () => {
    // DATA_DIR/app-secret sits two folders above DATA_DIR/uploads/public. (`%2e%2e/` is resolved by the URL
    // parser before routing, so it reaches the SPA as /app-secret: no secret either.)
    for (const url of ['/uploads/public/%2e%2e/%2e%2e/app-secret', '/uploads/public/..%2f..%2fapp-secret', '/uploads/public/%2e%2e%2f%2e%2e%2fapp-secret']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain(t.app.appSecret);
      if (url.includes('%2f')) expect([403, 404], url).toContain(response.statusCode);
    }
  });

  it('when a client-side route is asked, then the SPA still answers it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard/airlines' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is built, then it answers 200 with the inventory routes and file fields as binary', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const route of [
      '/api/add-airline',
      '/api/updateariline/{id}',
      '/api/deleteairline/{id}',
      '/api/listofairlines',
      '/api/add-sector',
      '/api/updatesector/{id}',
      '/api/deletesector/{id}',
      '/api/listofsectors',
      '/api/add-mysector',
      '/api/updatemysector/{id}',
      '/api/deletemysector/{id}',
      '/api/listofmysectors',
    ]) {
      expect(document.paths[route], route).toBeDefined();
    }
    const body = document.paths['/api/add-airline'].post.requestBody.content['application/json'].schema;
    expect(body.properties.logo).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(document.paths).some((key: string) => key.startsWith('/uploads'))).toBe(false);
  });
});
