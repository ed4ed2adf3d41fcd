import type { ErrorCode } from '@console/contract';

export type UploadRejectionCode = Extract<ErrorCode, 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'>;

const STATUS: Record<UploadRejectionCode, 413 | 415> = {
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
};

/**
 * An upload refused for its size (413) or its content (415). `code` is the contract's error
 * code and `statusCode` its HTTP status, so the central error handler can answer
 * `{success:false, message, code}` without knowing about uploads.
 */
export class UploadRejected extends Error {
  readonly code: UploadRejectionCode;
  readonly statusCode: 413 | 415;

  constructor(code: UploadRejectionCode, message: string) {
    super(message);
    this.name = 'UploadRejected';
    this.code = code;
    this.statusCode = STATUS[code];
  }
}

export function tooLarge(maxBytes: number): UploadRejected {
  return new UploadRejected('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatBytes(maxBytes)} limit.`);
}

export function unsupported(message: string): UploadRejected {
  return new UploadRejected('UNSUPPORTED_MEDIA_TYPE', message);
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
