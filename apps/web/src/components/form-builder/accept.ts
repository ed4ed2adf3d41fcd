/**
 * The spec's `accept` filter ('image/*,.pdf' like the HTML attribute, or a list) in the form
 * react-dropzone wants: MIME keys with extension lists.
 */
const EXTENSION_MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
};

export const DEFAULT_ACCEPT = 'image/*';

export function toDropzoneAccept(accept: string | readonly string[] | undefined): Record<string, string[]> {
  const tokens = (typeof accept === 'string' ? accept.split(',') : (accept ?? [DEFAULT_ACCEPT])).map((t) => t.trim()).filter(Boolean);
  const result: Record<string, string[]> = {};
  for (const token of tokens.length > 0 ? tokens : [DEFAULT_ACCEPT]) {
    if (token.startsWith('.')) {
      const ext = token.toLowerCase();
      const mime = EXTENSION_MIME[ext] ?? `application/x-${ext.slice(1)}`;
      result[mime] = [...(result[mime] ?? []), ext];
    } else {
      result[token] ??= [];
    }
  }
  return result;
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|svg|bmp)(\?.*)?$/i;

export function looksLikeImage(file: File | string): boolean {
  return typeof file === 'string' ? IMAGE_EXTENSIONS.test(file) : file.type.startsWith('image/');
}

/** 'profiles\\2024\\a.png' or '/files/profiles/a.png' -> 'a.png'. */
export function displayFileName(file: File | string): string {
  if (typeof file !== 'string') return file.name;
  const clean = file.replace(/\\/g, '/').split('?')[0];
  return decodeURIComponent(clean.split('/').pop() || clean);
}
