import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { createPng } from '../db/seed/png.js';
import { bearer, multipart, type TestFilePart } from './helpers.js';

// Test-only: real small images and multipart uploads through the whole app (PRODUCT §4 files).

/** A real 4x4 PNG. */
export const PNG_BYTES = createPng({ width: 4, height: 4, colour: '#0a7d3b', accent: '#f4c430' });

/** A real 1x1 baseline JPEG (written by libvips, so it decodes without warnings). */
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCDAHoR/9k=',
  'base64',
);

/** A real 1x1 lossless WebP. */
export const WEBP_BYTES = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export function pngFile(filename = 'logo.png', data: Buffer = PNG_BYTES): TestFilePart {
  return { filename, contentType: 'image/png', data };
}

/** A distinct PNG per call, so two uploads are two files. */
let colourSeed = 0;
export function uniquePng(): Buffer {
  colourSeed += 1;
  const hex = (colourSeed * 2_654_435_761) % 0xffffff;
  return createPng({ width: 2, height: 2, colour: `#${hex.toString(16).padStart(6, '0')}` });
}

/** POSTs a multipart form as the holder of `token`. */
export function postForm(app: FastifyInstance, url: string, fields: Array<[string, string | TestFilePart]>, token?: string) {
  const form = multipart(fields);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? bearer(token) : {}) },
  });
}

/** The path part of a URL the API answered (`/uploads/…?v=1` or an absolute URL → `/uploads/…`). */
export function pathOf(url: string): string {
  return new URL(url, 'http://portal.test').pathname;
}

/**
 * What an image shows: format, size and raw RGBA pixels. Uploaded images are stored re-encoded (issue 16.11),
 * so a stored PNG has the uploaded pixels, not the uploaded bytes.
 */
export async function imageOf(bytes: Buffer): Promise<{ format: string | undefined; width: number; height: number; pixels: string }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { format } = await sharp(bytes).metadata();
  return { format, width: info.width, height: info.height, pixels: data.toString('base64') };
}
