import { describe, expect, it } from 'vitest';
import { perFileProgress } from './upload-progress';

describe('per-file progress of one multipart request', () => {
  it('fills the files in order, scaled from the bytes sent (framing included) to the file sizes', () => {
    // 300 bytes of files, 330 on the wire: 10% framing.
    expect(perFileProgress([100, 200], 0, 330)).toEqual([0, 0]);
    expect(perFileProgress([100, 200], 55, 330)).toEqual([50, 0]);
    expect(perFileProgress([100, 200], 110, 330)).toEqual([100, 0]);
    expect(perFileProgress([100, 200], 220, 330)).toEqual([100, 50]);
    expect(perFileProgress([100, 200], 330, 330)).toEqual([100, 100]);
  });

  it('never goes past 100 or below 0, and copes with nothing to measure', () => {
    expect(perFileProgress([100], 999, 330)).toEqual([100]);
    expect(perFileProgress([100, 100], 10, 0)).toEqual([0, 0]);
    expect(perFileProgress([], 10, 10)).toEqual([]);
  });
});
