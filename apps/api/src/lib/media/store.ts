import { createReadStream } from 'node:fs';
import { removeStoredFiles } from '../files/file-lifecycle.js';
import { type FileStorage, newStorageKey, type StorageFolder, thumbnailKeyFor } from '../storage/index.js';
import { makeThumbnail, safeDisplayName } from '../uploads/index.js';
import { videoPoster } from './poster.js';
import { type MediaFacts, type ProbeOptions, probeMediaFile } from './probe.js';

export interface StoredMedia extends MediaFacts {
  /** Storage key of the file. */
  file: string;
  /** Storage key of the WebP thumbnail: an image's, a video's poster frame (with ffmpeg), none for audio. */
  thumbnail: string | null;
  /** The uploaded name, fit for display. */
  fileName: string;
}

export interface StoreMediaOptions extends ProbeOptions {
  /** Date of the key's yyyy/mm folders (default now). */
  now?: Date;
  /** ffmpeg for video poster frames (app.ffmpegPath); without it videos get no thumbnail. */
  ffmpegPath?: string | null;
}

/**
 * The WebP thumbnail of a probed media file: an image scaled down, a video's poster frame (when
 * ffmpeg is there and finds a frame), nothing for audio.
 */
async function mediaThumbnail(path: string, facts: MediaFacts, ffmpegPath?: string | null): Promise<Buffer | null> {
  if (facts.mediaType === 'image') return makeThumbnail({ path });
  if (facts.mediaType !== 'video' || !ffmpegPath) return null;
  const frame = await videoPoster(path, { ffmpegPath, mimeType: facts.mimeType, durationSeconds: facts.durationSeconds });
  return frame ? makeThumbnail(frame).catch(() => null) : null;
}

/**
 * @public for bulk uploads, which choose their own keys. Stores a probed media file under `file`
 * and its WebP thumbnail (mediaThumbnail) beside it; answers the thumbnail's key, or null when the
 * file has none. The caller removes what was stored if this fails (removeMediaFiles).
 */
export async function putMediaFile(
  storage: FileStorage,
  file: string,
  path: string,
  facts: MediaFacts,
  ffmpegPath?: string | null,
): Promise<string | null> {
  await storage.put(file, createReadStream(path), { contentType: facts.mimeType });
  const thumb = await mediaThumbnail(path, facts, ffmpegPath);
  if (!thumb) return null;
  const thumbnail = thumbnailKeyFor(file);
  await storage.put(thumbnail, thumb, { contentType: 'image/webp' });
  return thumbnail;
}

/**
 * Probes a media file (by content, see probeMediaFile), then streams it into storage under a
 * fresh `<folder>/yyyy/mm/<uuid>.<ext>` key and writes its WebP thumbnail beside it (putMediaFile).
 * If any step after the first write fails, what was stored is removed again.
 */
export async function storeMediaFile(
  storage: FileStorage,
  source: { path: string; originalName?: string | null },
  folder: StorageFolder = 'media',
  options: StoreMediaOptions = {},
): Promise<StoredMedia> {
  const facts = await probeMediaFile(source, options);
  const file = newStorageKey(folder, facts.ext, options.now);
  let thumbnail: string | null;
  try {
    thumbnail = await putMediaFile(storage, file, source.path, facts, options.ffmpegPath);
  } catch (err) {
    await removeStoredFiles({ storage }, [file]);
    throw err;
  }
  return { ...facts, file, thumbnail, fileName: safeDisplayName(source.originalName) };
}

/**
 * @public for bulk uploads, until they move to lib/files (fileLifecycle). Removes a stored media
 * file and its thumbnail (always thumbnailKeyFor(file)); failures are ignored (best effort).
 */
export const removeMediaFiles = (storage: FileStorage, stored: { file?: string | null; thumbnail?: string | null }) =>
  removeStoredFiles({ storage }, [stored.file]);
