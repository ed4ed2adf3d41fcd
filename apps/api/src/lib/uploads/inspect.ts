import { open, stat } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { tooLarge, unsupported } from './errors.js';
import {
  CATEGORY_LABEL,
  CATEGORY_TYPES,
  CSV_MIME,
  IMAGE_TYPES,
  KNOWN_TYPES,
  type AcceptedType,
  type UploadCategory,
} from './types.js';

export const DEFAULT_MAX_PIXELS = 40_000_000;
const TEXT_SAMPLE_BYTES = 64 * 1024;

/** A buffer in memory, or a file on disk (e.g. what `streamToTempFile` wrote). */
export type UploadInput = Buffer | { path: string };

export interface InspectOptions {
  maxBytes: number;
  /** A category or an explicit list of mime types (as file-type names them). */
  allowed: UploadCategory | readonly string[];
  /** Largest image accepted, in pixels (width x height); default 40 MP. */
  maxPixels?: number;
}

export interface InspectedUpload {
  /** The mime to store and serve (from the content, never from the client). */
  mime: string;
  /** Extension for the storage key, without the dot. */
  ext: string;
  size: number;
  width?: number;
  height?: number;
}

/**
 * Decides what an uploaded file really is: size first (413), then magic bytes (file-type),
 * then for images a full decode with sharp under a pixel limit (415 on any failure). The
 * client's file name and Content-Type are never consulted.
 */
export async function inspectUpload(input: UploadInput, options: InspectOptions): Promise<InspectedUpload> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
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
    const { width, height } = await checkImage(input, detected.mime, maxPixels);
    return { ...type, size, width, height };
  }
  return { ...type, size };
}

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

/** Header check (cheap refusal of pixel floods), then a full decode under libvips' own limit. */
async function checkImage(input: UploadInput, mime: string, maxPixels: number): Promise<{ width: number; height: number }> {
  const source = Buffer.isBuffer(input) ? input : input.path;
  const sharpOptions = { limitInputPixels: maxPixels, failOn: 'error' as const };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(source, sharpOptions).metadata();
  } catch (err) {
    // libvips checks the declared size against limitInputPixels while reading the header.
    if (/pixel limit/i.test((err as Error).message)) throw tooManyPixels(maxPixels);
    throw unsupported('The image could not be read.');
  }
  if (meta.format !== SHARP_FORMAT[mime]) throw unsupported('The image content does not match its format.');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width <= 0 || height <= 0) throw unsupported('The image has no dimensions.');
  if (width * height > maxPixels) throw tooManyPixels(maxPixels, width, height);
  try {
    // stats() reads every pixel of the first frame, streaming, so a corrupt or lying file fails here.
    await sharp(source, { ...sharpOptions, sequentialRead: true }).stats();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw tooManyPixels(maxPixels);
    throw unsupported('The image could not be decoded.');
  }
  const oriented = meta.autoOrient ?? { width, height };
  return { width: oriented.width, height: oriented.height };
}

function tooManyPixels(maxPixels: number, width?: number, height?: number) {
  const actual = width && height ? ` (${width} x ${height})` : '';
  return unsupported(`The image has too many pixels${actual}; the limit is ${(maxPixels / 1e6).toLocaleString('en')} megapixels.`);
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
