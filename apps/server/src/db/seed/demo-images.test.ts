import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BANNER_SIZE,
  DEMO_BANNER_DESIGNS,
  DEMO_IMAGES_DIR,
  DEMO_IMAGES_MANIFEST,
  DEMO_SECTOR_DESIGNS,
  hashSvg,
  listDemoImages,
  readDemoImage,
  renderBannerSvg,
  SECTOR_IMAGE_SIZE,
} from './demo-images.js';

/** WCAG 2.x relative luminance of '#RRGGBB'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('demo banners and my-sector pictures (issue 21 §11, decision 021)', () => {
  it('when the designs or demo prices change, then the committed files were rendered again (manifest hashes)', async () => {
    const manifest = JSON.parse(await readFile(path.join(DEMO_IMAGES_DIR, DEMO_IMAGES_MANIFEST), 'utf8')) as Record<string, string>;
    const expected = Object.fromEntries(listDemoImages().map((image) => [image.file, hashSvg(image.svg)]));
    // Run `npm run demo-images -w apps/server` when this fails.
    expect(manifest).toEqual(expected);
  });

  it('when read, then banners are 1200x450 JPEG (the carousel 8:3) and sector pictures 256x256 PNG', async () => {
    for (const image of listDemoImages()) {
      const metadata = await sharp(await readDemoImage(image.file)).metadata();
      const size = image.file.startsWith('banner-') ? BANNER_SIZE : SECTOR_IMAGE_SIZE;
      expect({ file: image.file, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        file: image.file,
        format: image.format,
        ...size,
      });
    }
  });

  it('when a banner says where and from what price, then it reads like a wholesaler promotion', () => {
    const umrah = renderBannerSvg(DEMO_BANNER_DESIGNS.find((design) => design.key === 'umrah-season')!);
    expect(umrah).toContain('Umrah groups from Lahore');
    expect(umrah).toContain('Lahore – Jeddah return from PKR 145,000');
    expect(umrah).toContain('Sales desk +92 300 1234567');
  });

  it('when text sits on a background, then it has at least 4.5:1 contrast (WCAG AA) at both gradient ends', () => {
    for (const design of [...DEMO_BANNER_DESIGNS, ...DEMO_SECTOR_DESIGNS]) {
      for (const background of design.background) {
        expect(contrast('#FFFFFF', background), `white on ${background}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(design.accent, background), `${design.accent} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // The banner's tag: dark text on the accent pill.
    for (const design of DEMO_BANNER_DESIGNS) expect(contrast('#111827', design.accent)).toBeGreaterThanOrEqual(4.5);
  });
});
