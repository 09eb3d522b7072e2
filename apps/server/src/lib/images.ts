import { MAX_IMAGE_PIXELS } from '@portal/contract/files';
import type { Sharp, SharpOptions } from 'sharp';

/** The image formats the portal accepts (contract IMAGE_TYPES). */
export type ImageType = 'jpeg' | 'png' | 'webp';

export class UnreadableImageError extends Error {}
export class ImageTooLargeError extends Error {}

export type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) is loaded on the first upload, not at start: a server nobody uploads to keeps its idle
 * memory (issue 8's budget). One libvips thread per image and no operation cache: uploads are rare and small,
 * and the booking path must keep the other core.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp as unknown as SharpFactory;
  });
  return loading;
}

/**
 * Decodes an uploaded image and encodes its pixels again in the same format (issue 16.11), so what is stored
 * and served is only an image: bytes appended after the image data or hidden in its chunks (an HTML page, a
 * script) and its metadata (EXIF, with a phone's GPS position) are gone. The EXIF orientation is applied
 * first, so a scan taken sideways shows upright. Only the first frame of an animated WebP is kept.
 * Throws ImageTooLargeError above MAX_IMAGE_PIXELS (checked from the header, before decoding) and
 * UnreadableImageError when the bytes do not decode.
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false }).rotate();
  const encoder =
    type === 'jpeg'
      ? image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      : type === 'png'
        ? image.png()
        : image.webp({ quality: 90 });
  try {
    return await encoder.toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageTooLargeError(message);
    throw new UnreadableImageError(message);
  }
}
