import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatDuration, formatTimestamp, initials } from './formatters';

describe('formatTimestamp', () => {
  it('formats in the browser time zone as yyyy-MM-dd HH:mm:ss', () => {
    const local = new Date(2024, 0, 5, 7, 8, 9); // built in local time, so the test is zone-independent
    expect(formatTimestamp(local)).toBe('2024-01-05 07:08:09');
    expect(formatTimestamp(local.toISOString())).toBe('2024-01-05 07:08:09');
    expect(formatTimestamp(local.getTime())).toBe('2024-01-05 07:08:09');
  });

  it("answers 'N/A' for empty values", () => {
    expect(formatTimestamp(null)).toBe('N/A');
    expect(formatTimestamp(undefined)).toBe('N/A');
    expect(formatTimestamp('')).toBe('N/A');
  });

  it("answers 'Invalid Date' for unparsable values", () => {
    expect(formatTimestamp('not a date')).toBe('Invalid Date');
    expect(formatTimestamp(Number.NaN)).toBe('Invalid Date');
  });
});

describe('formatDuration', () => {
  it('pads every unit after the first', () => {
    expect(formatDuration(3_723_000)).toBe('1h 02m 03s');
    expect(formatDuration(125_000)).toBe('2m 05s');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(93_784_000)).toBe('1d 02h 03m 04s');
  });

  it('drops sub-second remainders', () => {
    expect(formatDuration(1999)).toBe('1s');
  });

  it("answers 'N/A' for missing or impossible values", () => {
    expect(formatDuration(null)).toBe('N/A');
    expect(formatDuration(-1)).toBe('N/A');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('N/A');
  });
});

describe('initials', () => {
  it('takes the first letters of two words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('admin@example.com')).toBe('AE');
    expect(initials('')).toBe('?');
  });
});

describe('counts', () => {
  it('one format for every figure, and the noun in the count’s number', () => {
    expect(formatCount(1009)).toBe('1,009');
    expect(countOf(1, 'action')).toBe('1 action');
    expect(countOf(1009, 'action')).toBe(`${formatCount(1009)} actions`);
    expect(countOf(2, 'media', 'media')).toBe('2 media');
  });
});

describe('formatCount', () => {
  const english = new Intl.NumberFormat('en');

  it("writes whole numbers as Intl's English format does, without building one", () => {
    const values = [
      0,
      -0,
      1,
      -1,
      7,
      12,
      999,
      1000,
      -1000,
      1009,
      10_000,
      99_999,
      100_000,
      123_456,
      1_000_000,
      -9_876_543,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))) * (i % 3 ? 1 : -1));
    for (const n of values) expect(formatCount(n)).toBe(english.format(n));
  });

  it('goes through Intl for anything else', () => {
    for (const n of [1.5, -2.25, 1234.5678, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatCount(n)).toBe(english.format(n));
  });
});
