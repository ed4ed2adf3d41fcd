import { type ErrorCode, UPLOAD_MESSAGES } from '@console/contract';
import { AppError } from '../app-error.js';

export type UploadRejectionCode = Extract<ErrorCode, 'VALIDATION' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'>;

/**
 * An upload refused for its size (413), its content (415) or because it was cut off (400). It is an AppError, so the
 * central error handler answers `{success:false, message, code}` with this message and the
 * contract's status for the code.
 */
export class UploadRejected extends AppError {
  declare readonly code: UploadRejectionCode;
  declare readonly statusCode: 400 | 413 | 415;

  constructor(code: UploadRejectionCode, message: string) {
    super(code, message);
    this.name = 'UploadRejected';
  }
}

export function tooLarge(maxBytes: number): UploadRejected {
  return new UploadRejected('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatBytes(maxBytes)} limit.`);
}

/** The upload stream failed or closed before its end: a truncated or malformed request. */
export function cutOff(): UploadRejected {
  return new UploadRejected('VALIDATION', 'The upload was cut off before the end of the file.');
}

export function unsupported(message: string): UploadRejected {
  return new UploadRejected('UNSUPPORTED_MEDIA_TYPE', message);
}

/** An image with more pixels than its use allows (413: too large, though the file may be small). */
export function tooManyPixels(maxPixels: number, width?: number, height?: number): UploadRejected {
  return new UploadRejected('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels(maxPixels, width, height));
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
