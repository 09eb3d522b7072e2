import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_IMAGES_DIR, DEMO_IMAGES_MANIFEST, hashSvg, listDemoImages } from './demo-images.js';

/**
 * Renders the demo pictures of demo-images.ts into src/db/seed/images and records each SVG's hash in
 * manifest.json (decision 021). Run after changing a design or a demo price: `npm run demo-images -w apps/server`.
 */
async function renderDemoImages(): Promise<void> {
  await mkdir(DEMO_IMAGES_DIR, { recursive: true });
  const manifest: Record<string, string> = {};
  for (const image of listDemoImages()) {
    const rendered = sharp(Buffer.from(image.svg), { density: 72 });
    const bytes =
      image.format === 'jpeg'
        ? await rendered.flatten({ background: '#000000' }).jpeg({ quality: 88, mozjpeg: true }).toBuffer()
        : await rendered.png({ compressionLevel: 9, palette: true }).toBuffer();
    await writeFile(path.join(DEMO_IMAGES_DIR, image.file), bytes);
    manifest[image.file] = hashSvg(image.svg);
  }
  await writeFile(path.join(DEMO_IMAGES_DIR, DEMO_IMAGES_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

await renderDemoImages();
