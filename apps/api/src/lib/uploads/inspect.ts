import { open, stat } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { IMAGE_PIXEL_LIMITS, type ImageUse, UPLOAD_MESSAGES } from '@console/contract';
import type sharp from 'sharp';
import { tooLarge, tooManyPixels, unsupported } from './errors.js';
import { loadSharp } from './image-slots.js';
import { CATEGORY_LABEL, CATEGORY_TYPES, CSV_MIME, IMAGE_TYPES, KNOWN_TYPES, type AcceptedType, type UploadCategory } from './types.js';

export const DEFAULT_MAX_PIXELS = IMAGE_PIXEL_LIMITS.media;
const TEXT_SAMPLE_BYTES = 64 * 1024;

/** A buffer in memory, or a file on disk (e.g. what `streamToTempFile` wrote). */
export type UploadInput = Buffer | { path: string };

export interface InspectOptions {
  maxBytes: number;
  /** A category or an explicit list of mime types (as file-type names them). */
  allowed: UploadCategory | readonly string[];
  /** What the image is for; picks its pixel limit from IMAGE_PIXEL_LIMITS (default 'media', 40 Mpx). */
  use?: ImageUse;
  /** Largest image accepted, in pixels (width x height x frames); overrides `use`. */
  maxPixels?: number;
  /**
   * Decode every pixel to prove the image is sound (default true). receiveUpload turns this off
   * because it re-encodes the image right after, which decodes it anyway: one decode, not two.
   */
  decode?: boolean;
}

export interface InspectedUpload {
  /** The mime to store and serve (from the content, never from the client). */
  mime: string;
  /** Extension for the storage key, without the dot. */
  ext: string;
  size: number;
  width?: number;
  height?: number;
  /** Frames of an animated GIF or WebP (1 for a still image). */
  pages?: number;
  /** The pixel limit the image was checked against. */
  maxPixels?: number;
}

/**
 * Decides what an uploaded file really is: size first (413), then magic bytes (file-type),
 * then for images a full decode with sharp under a pixel limit (415 on any failure). The
 * client's file name and Content-Type are never consulted.
 */
export async function inspectUpload(input: UploadInput, options: InspectOptions): Promise<InspectedUpload> {
  const maxPixels = pixelLimit(options);
  const size = Buffer.isBuffer(input) ? input.length : (await stat(input.path)).size;
  if (size > options.maxBytes) throw tooLarge(options.maxBytes);
  if (size === 0) throw unsupported('The file is empty.');

  const accepted = acceptedTypes(options.allowed);
  const expected = describe(options.allowed);
  const detected = Buffer.isBuffer(input) ? await fileTypeFromBuffer(input) : await fileTypeFromFile(input.path);

  let type: AcceptedType | undefined;
  if (detected) {
    if (detected.mime === 'application/xml' || detected.mime === 'image/svg+xml') {
      throw unsupported(`SVG and other XML files are not accepted; expected ${expected}.`);
    }
    type = accepted.get(detected.mime);
    if (type && !type.ext) type = { mime: type.mime, ext: detected.ext };
  } else if (accepted.has(CSV_MIME)) {
    type = (await looksLikeUtf8Csv(input)) ? accepted.get(CSV_MIME) : undefined;
  }
  if (!type) throw unsupported(`The file content is not accepted; expected ${expected}.`);

  if (detected && IMAGE_TYPES[detected.mime]) {
    const image = await checkImage(input, detected.mime, maxPixels, options.decode ?? true);
    return { ...type, size, ...image, maxPixels };
  }
  return { ...type, size };
}

export const pixelLimit = (options: Pick<InspectOptions, 'use' | 'maxPixels'>) =>
  options.maxPixels ?? IMAGE_PIXEL_LIMITS[options.use ?? 'media'] ?? DEFAULT_MAX_PIXELS;

/** Formats whose every frame is decoded (and re-encoded): their frames count towards the limit. */
export const ANIMATED_MIMES = new Set(['image/gif', 'image/webp']);

function acceptedTypes(allowed: InspectOptions['allowed']): Map<string, AcceptedType> {
  const map = new Map<string, AcceptedType>();
  if (typeof allowed === 'string') {
    const types = CATEGORY_TYPES[allowed];
    if (!types) throw new Error(`Unknown upload category ${JSON.stringify(allowed)}`);
    for (const [mime, type] of Object.entries(types)) map.set(mime, type);
    return map;
  }
  for (const wanted of allowed) {
    if (wanted === 'image/svg+xml') throw new Error('SVG uploads are refused by design (script risk)');
    // A listed mime also admits its aliases (image/png admits image/apng).
    for (const [mime, type] of Object.entries(KNOWN_TYPES)) if (type.mime === wanted) map.set(mime, type);
    if (!map.has(wanted)) map.set(wanted, { mime: wanted, ext: '' }); // ext filled from the detection
  }
  return map;
}

function describe(allowed: InspectOptions['allowed']): string {
  return typeof allowed === 'string' ? CATEGORY_LABEL[allowed] : `one of ${allowed.join(', ')}`;
}

const SHARP_FORMAT: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'heif',
};

/**
 * Header check first (a pixel flood is refused before a single pixel is decoded), then, unless
 * the caller re-encodes anyway, a full decode under libvips' own limit.
 */
async function checkImage(input: UploadInput, mime: string, maxPixels: number, decode: boolean) {
  const source = Buffer.isBuffer(input) ? input : input.path;
  const sharpOptions = { limitInputPixels: maxPixels, failOn: 'error' as const };
  const load = await loadSharp();
  let meta: sharp.Metadata;
  try {
    // Reads the header only (no pixel is decoded), so no limit here: we check the declared size
    // below and can name it in the refusal.
    meta = await load(source, { ...sharpOptions, limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(UPLOAD_MESSAGES.unreadable);
  }
  if (meta.format !== SHARP_FORMAT[mime]) throw unsupported('The image content does not match its format.');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const pages = ANIMATED_MIMES.has(mime) ? Math.max(1, meta.pages ?? 1) : 1;
  if (width <= 0 || height <= 0) throw unsupported('The image has no dimensions.');
  if (width * height * pages > maxPixels) throw tooManyPixels(maxPixels, width, height);
  if (decode) {
    try {
      // stats() reads every pixel of the first frame, streaming, so a corrupt or lying file fails here.
      await load(source, { ...sharpOptions, sequentialRead: true }).stats();
    } catch (err) {
      if (/pixel limit/i.test((err as Error).message)) throw tooManyPixels(maxPixels);
      throw unsupported(UPLOAD_MESSAGES.undecodable);
    }
  }
  const oriented = meta.autoOrient ?? { width, height };
  return { width: oriented.width, height: oriented.height, pages };
}

/** CSV has no magic bytes: accept valid UTF-8 text without NUL or stray control characters. */
async function looksLikeUtf8Csv(input: UploadInput): Promise<boolean> {
  let sample: Buffer;
  if (Buffer.isBuffer(input)) {
    sample = input.subarray(0, TEXT_SAMPLE_BYTES);
  } else {
    const fh = await open(input.path, 'r');
    try {
      const buf = Buffer.alloc(TEXT_SAMPLE_BYTES);
      const { bytesRead } = await fh.read(buf, 0, TEXT_SAMPLE_BYTES, 0);
      sample = buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }
  let text: string;
  try {
    // stream: true tolerates a multi-byte character cut at the end of the sample.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    return false;
  }
  text = text.replace(/^\uFEFF/, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this regex's purpose
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  // Markup is not a spreadsheet (and could be rendered as HTML if ever served inline).
  return !/^\s*</.test(text);
}
