import { describe, expect, it } from 'vitest';
import { displayChars, fitColumnWidths, sampleRows, XLSX_DATE_FORMAT, XLSX_WIDTH, xlsxColumnWidth } from './widths.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('fitColumnWidths (PDF layout)', () => {
  // Natural widths in points, as pdf.ts measures them for an activity-like export.
  const id = 20;
  const date = 92; // "2025-01-02 03:04:05" at 8 pt plus padding
  const empty = 30; // only its header
  const description = 900;
  const userAgent = 1200;

  it('gives each column its natural width and shares spare room in proportion when all fit', () => {
    const widths = fitColumnWidths([id, date, empty], 500);
    expect(sum(widths)).toBeCloseTo(500);
    expect(widths[1]! / widths[0]!).toBeCloseTo(date / id);
    widths.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual([id, date, empty][i]!);
    });
  });

  it('keeps short columns (dates, ids, empty ones) whole and cuts only the long text when too wide', () => {
    const natural = [id, date, empty, description, date, userAgent];
    const widths = fitColumnWidths(natural, 782);
    expect(sum(widths)).toBeCloseTo(782);
    expect(widths[0]).toBe(id);
    expect(widths[1]).toBe(date);
    expect(widths[2]).toBe(empty); // an empty column takes no more than its header
    expect(widths[4]).toBe(date);
    // The two long columns share what is left equally, each below its natural width.
    expect(widths[3]).toBeCloseTo(widths[5]!);
    expect(widths[3]).toBeLessThan(description);
  });

  it('cuts the widest columns down to one cap, leaving those under it alone', () => {
    expect(fitColumnWidths([100, 300, 1000], 600)).toEqual([100, 250, 250]);
    expect(fitColumnWidths([100, 200, 1000], 600)).toEqual([100, 200, 300]);
  });

  it('shares the page evenly when every column is wider than an even share', () => {
    expect(fitColumnWidths([500, 600, 700], 300)).toEqual([100, 100, 100]);
  });

  it('copes with no columns and with zero widths', () => {
    expect(fitColumnWidths([], 100)).toEqual([]);
    expect(fitColumnWidths([0, 0], 100)).toEqual([50, 50]);
  });
});

describe('xlsxColumnWidth', () => {
  it('is at least the longest value plus padding, and fits the header', () => {
    expect(xlsxColumnWidth('ID', ['1', '12345'])).toBe(5 + XLSX_WIDTH.padding);
    expect(xlsxColumnWidth('E-mail', ['someone.long@example.com'])).toBe(24 + XLSX_WIDTH.padding);
    expect(xlsxColumnWidth('Two-step sign-in', ['Yes', 'No'])).toBeGreaterThanOrEqual('Two-step sign-in'.length + 1);
  });

  it('fits a formatted date with room to spare (no ###)', () => {
    expect(xlsxColumnWidth('Created', [XLSX_DATE_FORMAT])).toBeGreaterThanOrEqual(XLSX_DATE_FORMAT.length + 1);
  });

  it('stays within its minimum and maximum', () => {
    expect(xlsxColumnWidth('', [])).toBe(XLSX_WIDTH.min);
    expect(xlsxColumnWidth('Note', ['x'.repeat(5000)])).toBe(XLSX_WIDTH.max);
  });

  it('measures the longest line, and wide characters as two', () => {
    expect(displayChars('short\na much longer line')).toBe(18);
    expect(displayChars('北京')).toBe(4);
    expect(displayChars('Zürich')).toBe(6);
  });
});

describe('sampleRows', () => {
  it('hands back the first rows and then every row once, in order', async () => {
    const { sample, all } = await sampleRows([1, 2, 3, 4, 5], 2);
    expect(sample).toEqual([1, 2]);
    const seen = [];
    for await (const n of all) seen.push(n);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('closes the source when the consumer stops early', async () => {
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; ; i++) yield i;
      } finally {
        closed = true;
      }
    }
    const { all } = await sampleRows(source(), 3);
    for await (const n of all) if (n === 5) break;
    expect(closed).toBe(true);
  });
});
