/**
 * HTTP byte ranges (RFC 9110 s.14) for serving stored files: video and audio players ask for
 * `Range: bytes=<start>-[<end>]` (seek) or `bytes=-<suffix>` (a container's index at the end).
 * One range per request: a multi-range request gets the whole file (allowed by the RFC),
 * which spares us multipart/byteranges answers no player needs.
 */

/** A parsed range before the object's size is known. */
export type RangeSpec = { start: number; end?: number } | { suffix: number };

/** The bytes to send, inclusive, resolved against the object's size. */
export type ByteRange = { start: number; end: number };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/** The one range a header asks for; undefined when there is none or it must be ignored (other units, several ranges, garbage). */
export function parseRangeHeader(header: string | undefined): RangeSpec | undefined {
  if (!header) return undefined;
  const m = SINGLE.exec(header.replace(/\s+/g, ''));
  if (!m) return undefined;
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return undefined;
  // Digits beyond 2^53 are not a real offset; treat as garbage rather than lose precision.
  if (first.length > 15 || last.length > 15) return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/** The inclusive bytes of `spec` within an object of `size` bytes, or null when none are (416). */
export function resolveRange(spec: RangeSpec, size: number): ByteRange | null {
  if ('suffix' in spec) {
    if (spec.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - spec.suffix), end: size - 1 };
  }
  if (spec.start >= size) return null;
  return { start: spec.start, end: Math.min(spec.end ?? size - 1, size - 1) };
}
