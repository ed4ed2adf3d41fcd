/** Content types accepted per category, keyed by the mime file-type reports; value = stored mime + ext. */
export interface AcceptedType {
  mime: string;
  ext: string;
}

/** A table from [reported mime, extension, stored mime] rows; the stored mime is the reported one unless given. */
const acceptedTypes = (...rows: [mime: string, ext: string, storedAs?: string][]): Readonly<Record<string, AcceptedType>> =>
  Object.fromEntries(rows.map(([mime, ext, storedAs = mime]) => [mime, { mime: storedAs, ext }]));

export const IMAGE_TYPES = acceptedTypes(
  ['image/png', 'png'],
  ['image/apng', 'png', 'image/png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
);

const AUDIO_VIDEO_TYPES = acceptedTypes(
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
  ['video/quicktime', 'mov'],
  ['audio/mpeg', 'mp3'],
  ['audio/mp4', 'm4a'],
  ['audio/x-m4a', 'm4a', 'audio/mp4'],
  ['audio/aac', 'aac'],
  ['audio/ogg', 'ogg'],
  ['audio/ogg; codecs=opus', 'opus', 'audio/ogg'],
  ['audio/wav', 'wav'],
);

export const CSV_MIME = 'text/csv';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SPREADSHEET_TYPES = acceptedTypes([XLSX_MIME, 'xlsx'], [CSV_MIME, 'csv']);

const ZIP_TYPES = acceptedTypes(['application/zip', 'zip']);

export type UploadCategory = 'image' | 'media' | 'spreadsheet';

export const CATEGORY_TYPES: Readonly<Record<UploadCategory, Readonly<Record<string, AcceptedType>>>> = {
  image: IMAGE_TYPES,
  media: { ...IMAGE_TYPES, ...AUDIO_VIDEO_TYPES },
  spreadsheet: SPREADSHEET_TYPES,
};

/** Human wording of a category for rejection messages. */
export const CATEGORY_LABEL: Readonly<Record<UploadCategory, string>> = {
  image: 'an image (PNG, JPEG, GIF, WebP or AVIF)',
  media: 'an image, video (MP4, WebM, MOV) or audio file (MP3, M4A, AAC, OGG, WAV)',
  spreadsheet: 'a spreadsheet (XLSX, or CSV in UTF-8)',
};

/** Every mime `inspectUpload` knows how to recognise (an explicit allow-list picks from these). */
export const KNOWN_TYPES: Readonly<Record<string, AcceptedType>> = {
  ...IMAGE_TYPES,
  ...AUDIO_VIDEO_TYPES,
  ...SPREADSHEET_TYPES,
  ...ZIP_TYPES,
};
