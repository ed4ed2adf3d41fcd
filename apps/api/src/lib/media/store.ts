import { createReadStream } from 'node:fs';
import { type FileStorage, newStorageKey, type StorageFolder, thumbnailKeyFor } from '../storage/index.js';
import { makeThumbnail, safeDisplayName } from '../uploads/index.js';
import { type MediaFacts, type ProbeOptions, probeMediaFile } from './probe.js';

export interface StoredMedia extends MediaFacts {
  /** Storage key of the file. */
  file: string;
  /** Storage key of the WebP thumbnail (images only; video and audio have none). */
  thumbnail: string | null;
  /** The uploaded name, fit for display. */
  fileName: string;
}

export interface StoreMediaOptions extends ProbeOptions {
  /** Date of the key's yyyy/mm folders (default now). */
  now?: Date;
}

/**
 * Probes a media file (by content, see probeMediaFile), then streams it into storage under a
 * fresh `<folder>/yyyy/mm/<uuid>.<ext>` key and, for an image, writes a WebP thumbnail beside it.
 * If any step after the first write fails, what was stored is removed again.
 * No poster frame for video: that needs a video decoder (ffmpeg), which this machine lacks.
 */
export async function storeMediaFile(
  storage: FileStorage,
  source: { path: string; originalName?: string | null },
  folder: StorageFolder = 'media',
  options: StoreMediaOptions = {},
): Promise<StoredMedia> {
  const facts = await probeMediaFile(source, options);
  const file = newStorageKey(folder, facts.ext, options.now);
  const thumbnail = facts.mediaType === 'image' ? thumbnailKeyFor(file) : null;
  try {
    await storage.put(file, createReadStream(source.path), { contentType: facts.mimeType });
    if (thumbnail) await storage.put(thumbnail, await makeThumbnail(source), { contentType: 'image/webp' });
  } catch (err) {
    await removeMediaFiles(storage, { file, thumbnail });
    throw err;
  }
  return { ...facts, file, thumbnail, fileName: safeDisplayName(source.originalName) };
}

/** @public for bulk uploads, which store files before their rows. Removes a stored media file and its thumbnail; missing objects and storage failures are ignored (best effort). */
export async function removeMediaFiles(storage: FileStorage, stored: { file?: string | null; thumbnail?: string | null }) {
  for (const key of [stored.file, stored.thumbnail]) if (key) await storage.delete(key).catch(() => false);
}
