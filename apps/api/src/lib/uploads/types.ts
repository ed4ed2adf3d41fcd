/** Content types accepted per category, keyed by the mime file-type reports; value = stored mime + ext. */
export interface AcceptedType {
  mime: string;
  ext: string;
}

export const IMAGE_TYPES: Readonly<Record<string, AcceptedType>> = {
  'image/png': { mime: 'image/png', ext: 'png' },
  'image/apng': { mime: 'image/png', ext: 'png' },
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/gif': { mime: 'image/gif', ext: 'gif' },
  'image/webp': { mime: 'image/webp', ext: 'webp' },
  'image/avif': { mime: 'image/avif', ext: 'avif' },
};

const AUDIO_VIDEO_TYPES: Readonly<Record<string, AcceptedType>> = {
  'video/mp4': { mime: 'video/mp4', ext: 'mp4' },
  'video/webm': { mime: 'video/webm', ext: 'webm' },
  'video/quicktime': { mime: 'video/quicktime', ext: 'mov' },
  'audio/mpeg': { mime: 'audio/mpeg', ext: 'mp3' },
  'audio/mp4': { mime: 'audio/mp4', ext: 'm4a' },
  'audio/x-m4a': { mime: 'audio/mp4', ext: 'm4a' },
  'audio/aac': { mime: 'audio/aac', ext: 'aac' },
  'audio/ogg': { mime: 'audio/ogg', ext: 'ogg' },
  'audio/ogg; codecs=opus': { mime: 'audio/ogg', ext: 'opus' },
  'audio/wav': { mime: 'audio/wav', ext: 'wav' },
};

export const CSV_MIME = 'text/csv';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SPREADSHEET_TYPES: Readonly<Record<string, AcceptedType>> = {
  [XLSX_MIME]: { mime: XLSX_MIME, ext: 'xlsx' },
  [CSV_MIME]: { mime: CSV_MIME, ext: 'csv' },
};

const ZIP_TYPES: Readonly<Record<string, AcceptedType>> = {
  'application/zip': { mime: 'application/zip', ext: 'zip' },
};

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
