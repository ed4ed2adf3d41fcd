import { loadSharp, withImageSlot } from './image-slots.js';
import { DEFAULT_MAX_PIXELS, type UploadInput } from './inspect.js';

export interface ThumbnailOptions {
  /** Longest side in pixels (default 256); smaller images are not enlarged. */
  size?: number;
  quality?: number;
  maxPixels?: number;
}

/** A WebP thumbnail that fits in size x size, turned upright, without metadata (EXIF, GPS); in an image slot. */
export async function makeThumbnail(input: UploadInput, options: ThumbnailOptions = {}): Promise<Buffer> {
  const size = options.size ?? 256;
  const source = Buffer.isBuffer(input) ? input : input.path;
  const sharp = await loadSharp();
  return withImageSlot(() =>
    sharp(source, { limitInputPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality ?? 80 })
      .toBuffer(),
  );
}
