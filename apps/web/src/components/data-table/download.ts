/**
 * Downloads a file with fetch so the request carries the API client's headers (bearer token),
 * reporting progress as the body streams in, then hands the blob to the browser as a download.
 * The blob lives in memory until saved; the server still streams, so only the browser holds it.
 */
import type { ExportContext } from './types';

export interface FetchDownloadOptions extends Partial<ExportContext> {
  /** The fetch to use (e.g. the API client's, which adds auth and handles 401); default window.fetch. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  init?: RequestInit;
  /** File name; default from Content-Disposition, else the last URL segment. */
  fileName?: string;
}

export async function fetchDownload(url: string, options: FetchDownloadOptions = {}): Promise<void> {
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const response = await doFetch(url, { credentials: 'include', ...options.init, signal: options.signal });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const lengthHeader = Number(response.headers.get('content-length'));
  const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';

  let blob: Blob;
  if (response.body) {
    const reader = response.body.getReader();
    const chunks: BlobPart[] = [];
    let loaded = 0;
    options.onProgress?.({ loaded, total });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      options.onProgress?.({ loaded, total });
    }
    blob = new Blob(chunks, { type });
  } else {
    blob = await response.blob();
    options.onProgress?.({ loaded: blob.size, total: blob.size });
  }

  const name =
    options.fileName ??
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    decodeURIComponent(new URL(url, 'http://x').pathname.split('/').pop() || 'download');
  saveBlob(blob, name);
}

/** Reads `filename*=UTF-8''...` or `filename="..."` from a Content-Disposition header. */
export function fileNameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : undefined;
  return name || undefined;
}

/** Saves a blob through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
