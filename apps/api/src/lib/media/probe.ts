import { stat } from 'node:fs/promises';
import { MEDIA_MAX_BYTES, type MediaType } from '@console/contract';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { readIsoBmffFacts } from './iso-bmff.js';
import { CATEGORY_TYPES, IMAGE_TYPES, inspectUpload, tooLarge, unsupported } from '../uploads/index.js';

export interface MediaFacts {
  mediaType: MediaType;
  /** The mime to store and serve, from the content. */
  mimeType: string;
  /** Extension for the storage key, without the dot. */
  ext: string;
  size: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

export interface ProbeOptions {
  /** Largest file accepted (default MEDIA_MAX_BYTES). */
  maxBytes?: number;
}

const AUDIO_VIDEO = CATEGORY_TYPES.media;
const ISO_BMFF = new Set(['video/mp4', 'video/quicktime', 'audio/mp4']);

/**
 * What a media file really is, from its bytes: images go through inspectUpload (magic bytes,
 * header pixel limit of 'media', full decode); audio and video are recognised by file-type and
 * their container is then parsed by music-metadata for the duration (and a video track's size
 * where the container says it). Anything else, or a container that does not parse, is a 415.
 * The client's name and Content-Type are never consulted.
 */
export async function probeMediaFile(input: { path: string }, options: ProbeOptions = {}): Promise<MediaFacts> {
  const maxBytes = options.maxBytes ?? MEDIA_MAX_BYTES;
  const size = (await stat(input.path)).size;
  if (size > maxBytes) throw tooLarge(maxBytes);
  if (size === 0) throw unsupported('The file is empty.');
  const detected = await fileTypeFromFile(input.path);
  if (detected && IMAGE_TYPES[detected.mime]) {
    const image = await inspectUpload(input, { maxBytes, allowed: 'image', use: 'media' });
    return { mediaType: 'image', mimeType: image.mime, ext: image.ext, size, width: image.width, height: image.height };
  }
  const type = detected ? AUDIO_VIDEO[detected.mime] : undefined;
  if (!type || IMAGE_TYPES[type.mime]) {
    throw unsupported(
      'The file content is not accepted; expected an image, video (MP4, WebM, MOV) or audio file (MP3, M4A, AAC, OGG, WAV).',
    );
  }
  let meta: Awaited<ReturnType<typeof parseFile>>;
  try {
    meta = await parseFile(input.path, { duration: true, skipCovers: true });
  } catch {
    throw unsupported('The audio or video file could not be read.');
  }
  const video = meta.format.trackInfo?.find((t) => t.video)?.video;
  // MP4/MOV: music-metadata times audio tracks only, and gives no picture size; the movie and track headers do.
  const iso = ISO_BMFF.has(type.mime) ? await readIsoBmffFacts(input.path) : {};
  const duration = meta.format.duration ?? iso.durationSeconds;
  const width = positiveInt(video?.pixelWidth ?? video?.displayWidth ?? iso.width);
  const height = positiveInt(video?.pixelHeight ?? video?.displayHeight ?? iso.height);
  return {
    mediaType: type.mime.startsWith('video/') ? 'video' : 'audio',
    mimeType: type.mime,
    ext: type.ext,
    size,
    width,
    height,
    durationSeconds: typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : undefined,
  };
}

const positiveInt = (n: number | undefined) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined);
