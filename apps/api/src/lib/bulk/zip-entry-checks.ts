import type { Entry } from 'yauzl';

/** Why an archive entry was refused; each becomes a failed item with the matching message. */
export type ZipRefusalCode =
  | 'unsafe-path'
  | 'symlink'
  | 'encrypted'
  | 'unsupported-compression'
  | 'too-large'
  | 'total-too-large'
  | 'compression-ratio'
  | 'wrong-type';

export type ZipLimits = {
  /** Entries in the central directory at most (folders and metadata count); more refuses the whole archive. */
  maxEntries: number;
  /** Largest uncompressed entry. */
  maxEntryBytes: number;
  /** Sum of the accepted entries' uncompressed sizes. */
  maxTotalBytes: number;
  /** Uncompressed / compressed above this is treated as a zip bomb. */
  maxRatio: number;
  /** Bytes really inflated and handed out, in all, at most this many times the archive's size on disk. */
  maxUnpackFactor: number;
  /** MIME types accepted (detected from the content), e.g. ['image/', 'video/', 'audio/'] as prefixes. */
  accept: readonly string[];
};

/**
 * What a media archive may unpack to, as a multiple of its size. Media files are compressed
 * already (JPEG, PNG, MP4, MP3 store at ~1:1 in a ZIP) and WAV deflates ~1.5-3:1, so a real media
 * ZIP unpacks to 1-3 times its size; 20 leaves ample room, while the per-entry ratio (100) alone
 * would let every entry of a crafted archive unpack 100 times over.
 */
const ARCHIVE_UNPACK_FACTOR = 20;

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 100,
  maxUnpackFactor: ARCHIVE_UNPACK_FACTOR,
  accept: ['image/', 'video/', 'audio/'],
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNIX_HOST = 3;

/**
 * The path rules an entry must pass before a byte of it is read: relative, no `..`, no
 * backslashes (a Windows separator that unzip tools may honour), no drive letters, no NUL.
 * Answers the reason or null.
 * @public not used yet: groundwork for the demo-admin bulk uploads (issue 7 s.2-3)
 */
export function unsafePathReason(name: string): string | null {
  if (name.length === 0) return 'empty name';
  if (name.includes('\0')) return 'NUL in the name';
  if (name.includes('\\')) return 'backslash in the path';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'absolute path';
  if (name.split('/').some((part) => part === '..')) return '".." in the path';
  return null;
}

/** A symbolic link stored by a Unix zip tool (mode bits in the high half of the external attributes). @public (groundwork for issue 7 s.2-3, not used yet) */
export function isSymlink(entry: Entry): boolean {
  const host = entry.versionMadeBy >> 8;
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  return host === UNIX_HOST && mode === S_IFLNK;
}

/** Checks made from the central directory alone (no decompression); answers a refusal or null. */
export function headerRefusal(
  entry: Entry,
  name: string,
  limits: ZipLimits,
  acceptedBytes: number,
): { code: ZipRefusalCode; message: string } | null {
  const unsafe = unsafePathReason(name);
  if (unsafe) return { code: 'unsafe-path', message: `Unsafe path in the archive (${unsafe})` };
  if (isSymlink(entry)) return { code: 'symlink', message: 'Links are not accepted in archives' };
  if (entry.isEncrypted()) return { code: 'encrypted', message: 'Encrypted entries are not accepted' };
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    return { code: 'unsupported-compression', message: `Unsupported compression method ${entry.compressionMethod}` };
  }
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    return { code: 'too-large', message: `File is larger than ${limits.maxEntryBytes} bytes` };
  }
  if (acceptedBytes + entry.uncompressedSize > limits.maxTotalBytes) {
    return { code: 'total-too-large', message: `The archive holds more than ${limits.maxTotalBytes} bytes in all` };
  }
  // Stored entries have ratio 1; a tiny compressed size claiming a huge output is a bomb.
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize > 0 && ratio > limits.maxRatio) {
    return { code: 'compression-ratio', message: `Suspicious compression ratio (${Math.round(ratio)}:1)` };
  }
  return null;
}

export function mimeAccepted(mime: string, accept: readonly string[]): boolean {
  return accept.some((a) => (a.endsWith('/') ? mime.startsWith(a) : mime === a));
}
