import { describe, expect, it } from 'vitest';
import { colorsTupleFromHex, contrastRatio, parseHex, readableShade } from './color-tuple';

describe('parseHex', () => {
  it('reads long, short and hash-less forms', () => {
    expect(parseHex('#143f6f')).toEqual([0x14, 0x3f, 0x6f]);
    expect(parseHex('0d97fd')).toEqual([0x0d, 0x97, 0xfd]);
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
  });
  it('rejects anything else', () => {
    expect(parseHex('blue')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
    expect(parseHex(undefined)).toBeNull();
  });
});

describe('colorsTupleFromHex', () => {
  it('gives ten shades from light to dark with the colour itself at shade 6', () => {
    const tuple = colorsTupleFromHex('#143f6f');
    expect(tuple).toHaveLength(10);
    expect(tuple[6]).toBe('#143f6f');
    const lum = tuple.map((c) => contrastRatio(c, '#000000'));
    for (let i = 1; i < lum.length; i += 1) expect(lum[i]).toBeLessThanOrEqual(lum[i - 1]);
  });
});

describe('readableShade', () => {
  it('finds a shade with at least 4.5:1 contrast', () => {
    const tuple = colorsTupleFromHex('#0d97fd');
    const i = readableShade(tuple, '#ffffff', 6, 9);
    expect(contrastRatio(tuple[i], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
