import { BULK_UPLOAD_MAX_FILES } from '@console/contract';
import type { BulkAccept } from './kinds';

/**
 * Checks made before anything is sent, so a wrong pick is explained at once. The server
 * still decides (it checks the content, not the name), so these only mirror its limits.
 */
const MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'mp4', 'webm', 'mov', 'mp3', 'm4a', 'aac', 'ogg', 'opus', 'wav'];
const SHEET_EXTENSIONS = ['csv', 'xlsx'];

const MB = 1024 * 1024;
/** MEDIA_MAX_BYTES' default (100 MB) per media file; archives and sheets as the API bounds a part (PART_MAX_BYTES). */
export const BULK_LIMITS = { mediaBytes: 100 * MB, zipBytes: 2048 * MB, sheetBytes: 64 * MB, files: BULK_UPLOAD_MAX_FILES };

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / (1024 * MB)).toFixed(1)} GB`;
}

/** The Dropzone `accept` map (MIME -> extensions); browsers filter the file dialog with it. */
export function dropzoneAccept(accept: BulkAccept): Record<string, string[]> {
  if (accept === 'sheet') {
    return {
      'text/csv': ['.csv'],
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
    };
  }
  return {
    'image/*': ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif'],
    'video/*': ['.mp4', '.webm', '.mov'],
    'audio/*': ['.mp3', '.m4a', '.aac', '.ogg', '.opus', '.wav'],
    'application/zip': ['.zip'],
    'application/x-zip-compressed': ['.zip'],
  };
}

export const acceptHint = (accept: BulkAccept): string =>
  accept === 'sheet'
    ? `CSV or XLSX files, up to ${formatBytes(BULK_LIMITS.sheetBytes)} each`
    : `Images, videos and audio files (up to ${formatBytes(BULK_LIMITS.mediaBytes)} each) or ZIP archives of them (up to ${formatBytes(BULK_LIMITS.zipBytes)})`;

/** Why this file cannot be sent, or null when it may go. Judged by the extension: browsers often leave `type` empty. */
export function checkBulkFile(file: Pick<File, 'name' | 'size'>, accept: BulkAccept): string | null {
  const ext = extensionOf(file.name);
  if (file.size === 0) return `${file.name} is empty.`;
  if (accept === 'sheet') {
    if (!SHEET_EXTENSIONS.includes(ext)) return `${file.name} is not a CSV or XLSX file.`;
    if (file.size > BULK_LIMITS.sheetBytes) return `${file.name} is larger than the ${formatBytes(BULK_LIMITS.sheetBytes)} limit.`;
    return null;
  }
  if (ext === 'zip') {
    return file.size > BULK_LIMITS.zipBytes ? `${file.name} is larger than the ${formatBytes(BULK_LIMITS.zipBytes)} limit.` : null;
  }
  if (!MEDIA_EXTENSIONS.includes(ext)) return `${file.name} is not an image, video, audio file or ZIP archive.`;
  if (file.size > BULK_LIMITS.mediaBytes) return `${file.name} is larger than the ${formatBytes(BULK_LIMITS.mediaBytes)} limit.`;
  return null;
}

/** The manifest of a media upload: one CSV or XLSX. */
export function checkManifest(file: Pick<File, 'name' | 'size'>): string | null {
  return checkBulkFile(file, 'sheet');
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds picked files to the selection: refused ones come back with their reason, a file
 * picked twice is kept once, and the selection stops at the per-upload limit.
 */
export function addFiles(selected: File[], picked: File[], accept: BulkAccept): { files: File[]; problems: string[] } {
  const files = [...selected];
  const problems: string[] = [];
  for (const file of picked) {
    const problem = checkBulkFile(file, accept);
    if (problem) problems.push(problem);
    else if (files.some((f) => sameFile(f, file))) continue;
    else if (files.length >= BULK_LIMITS.files) problems.push(`${file.name} was not added: at most ${BULK_LIMITS.files} files per upload.`);
    else files.push(file);
  }
  return { files, problems };
}
