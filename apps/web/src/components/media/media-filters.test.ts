import { describe, expect, it } from 'vitest';
import { formatBytes, formatSeconds, parseClientId, writeClientId } from './media-filters';

describe('media screen helpers', () => {
  it('reads a valid clientId from the URL and drops anything else', () => {
    expect(parseClientId(new URLSearchParams('clientId=42'))).toBe(42);
    for (const bad of ['clientId=0', 'clientId=-3', 'clientId=abc', 'clientId=99999999999', '']) {
      expect(parseClientId(new URLSearchParams(bad))).toBeUndefined();
    }
  });

  it('writes the client back to page 1 and keeps the other parameters', () => {
    const next = writeClientId(new URLSearchParams('page=3&search=x'), '7');
    expect(next.toString()).toBe('search=x&clientId=7');
    expect(writeClientId(next, null).toString()).toBe('search=x');
  });

  it('formats sizes and durations', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatSeconds(null)).toBe('');
    expect(formatSeconds(1.5)).toBe('0:02');
    expect(formatSeconds(75.4)).toBe('1:15');
    expect(formatSeconds(3725)).toBe('1:02:05');
  });
});
