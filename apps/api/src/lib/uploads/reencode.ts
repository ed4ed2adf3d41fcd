import { rename, rm } from 'node:fs/promises';
import { UPLOAD_MESSAGES } from '@console/contract';
import type sharp from 'sharp';
import { tooManyPixels, unsupported } from './errors.js';
import { loadSharp, withImageSlot } from './image-slots.js';
import { ANIMATED_MIMES } from './inspect.js';

/**
 * Encoder settings per stored type. The format never changes (a PNG stays a PNG), so links,
 * thumbnails and the stored mime stay right. JPEG and WebP are lossy: quality 90 makes the
 * generation loss invisible at the sizes we show; PNG and GIF stay lossless apart from GIF's
 * palette. AVIF is slow to encode, so its effort is kept low.
 */
const ENCODE: Record<string, (image: sharp.Sharp) => sharp.Sharp> = {
  'image/png': (i) => i.png(),
  'image/jpeg': (i) => i.jpeg({ quality: 90 }),
  'image/webp': (i) => i.webp({ quality: 90 }),
  'image/gif': (i) => i.gif(),
  'image/avif': (i) => i.avif({ quality: 70, effort: 2 }),
};

export const canReencode = (mime: string) => Object.hasOwn(ENCODE, mime);

/**
 * Rewrites an inspected image file in place as a fresh encode of its pixels: EXIF (GPS, camera,
 * orientation), XMP, IPTC, ICC and comments are dropped (sharp keeps no metadata unless asked),
 * the EXIF orientation is applied to the pixels first so the picture stays upright, and whatever
 * followed the image data (trailing HTML, the script half of a GIF/JS polyglot) is gone because
 * only decoded pixels are written. Animated GIF and WebP keep every frame, their delays and loop
 * count; an animated PNG keeps its first frame only (libvips reads no APNG animation).
 * Runs in an image slot; returns the new size in bytes. Refusals are 413 (pixels) or 415.
 */
export async function reencodeImage(path: string, mime: string, maxPixels: number): Promise<number> {
  const encode = ENCODE[mime];
  if (!encode) throw new Error(`no encoder for ${mime}`);
  const out = `${path}.clean`;
  const load = await loadSharp();
  try {
    const info = await withImageSlot(() =>
      encode(load(path, { limitInputPixels: maxPixels, failOn: 'error', animated: ANIMATED_MIMES.has(mime) }).rotate()).toFile(out),
    );
    await rename(out, path);
    return info.size;
  } catch (err) {
    await rm(out, { force: true });
    if (/pixel limit/i.test((err as Error).message)) throw tooManyPixels(maxPixels);
    throw unsupported(UPLOAD_MESSAGES.undecodable);
  }
}
