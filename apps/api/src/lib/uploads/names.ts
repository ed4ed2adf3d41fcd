export interface SafeNameOptions {
  /** Longest name kept, in characters (default 200); the extension is kept when cutting. */
  maxLength?: number;
  /** Used when nothing is left (default 'file'). */
  fallback?: string;
}

// C0/C1 controls, DEL, bidi embeddings/overrides/isolates (RLO spoofing), zero-width and BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this regex's purpose
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A client file name made fit for display and Content-Disposition only (never for a storage
 * key or a path): the last component after / or \, without control or bidi characters,
 * trimmed of spaces and leading dots, at most maxLength characters with the extension kept.
 */
export function safeDisplayName(originalName: string | undefined | null, options: SafeNameOptions = {}): string {
  const maxLength = options.maxLength ?? 200;
  const fallback = options.fallback ?? 'file';
  let name = String(originalName ?? '').normalize('NFC');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name.replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (!name) return fallback;
  const chars = Array.from(name); // code points: never split a surrogate pair
  if (chars.length <= maxLength) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 1 && ext.length <= 16 && ext.length < maxLength) {
    const base = Array.from(name.slice(0, dot)).slice(0, maxLength - ext.length);
    return base.join('').trimEnd() + ext.join('');
  }
  return chars.slice(0, maxLength).join('').trimEnd();
}

/**
 * `inline|attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>`
 * (RFC 6266 with RFC 8187 encoding). The name goes through safeDisplayName first.
 */
export function contentDispositionHeader(name: string, disposition: 'inline' | 'attachment' = 'attachment'): string {
  const safe = safeDisplayName(name);
  const ascii = asciiFallback(safe);
  const header = `${disposition}; filename="${ascii}"`;
  return ascii === safe ? header : `${header}; filename*=UTF-8''${encodeRfc8187(safe)}`;
}

/** Accents dropped (é -> e), anything else outside printable ASCII, quotes and backslashes -> '_'. */
function asciiFallback(name: string): string {
  const out = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return out.replace(/^[_ ]+$/, '') || 'file';
}

/** attr-char of RFC 8187: ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else percent-encoded. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface StoredFileHeaderOptions {
  contentType: string;
  size?: number;
  /** Name shown to the user (e.g. the original upload name); the key's name if none. */
  name: string;
  disposition?: 'inline' | 'attachment';
  lastModified?: Date;
  /** Default `private, no-cache`: files sit behind authentication. */
  cacheControl?: string;
}

/** Types a browser may render in place; anything else (HTML, SVG, XML, PDF, text...) is downloaded. */
const INLINE_SAFE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/wav',
]);

/** Types served under their own name (as attachments); any other type becomes octet-stream. */
const DOWNLOAD_AS_IS = new Set([
  'application/pdf',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/**
 * Response headers for serving a stored file through an authenticated route: exact type,
 * Content-Disposition (inline only for raster images, audio and video), nosniff, a sandboxing
 * CSP and same-origin CORP. Apply with `reply.headers(storedFileHeaders(...))`.
 */
export function storedFileHeaders(options: StoredFileHeaderOptions): Record<string, string> {
  const type = options.contentType.split(';')[0].trim().toLowerCase();
  const inline = options.disposition === 'inline' && INLINE_SAFE.has(type);
  const headers: Record<string, string> = {
    'content-type': INLINE_SAFE.has(type) || DOWNLOAD_AS_IS.has(type) ? type : 'application/octet-stream',
    'content-disposition': contentDispositionHeader(options.name, inline ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': options.cacheControl ?? 'private, no-cache',
  };
  if (options.size !== undefined) headers['content-length'] = String(options.size);
  if (options.lastModified) headers['last-modified'] = options.lastModified.toUTCString();
  return headers;
}
