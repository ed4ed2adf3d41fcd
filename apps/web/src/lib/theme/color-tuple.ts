import type { MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

/** '#143f6f', '143f6f' or '#14f' -> [r, g, b]; null when it is not a hex colour. */
export function parseHex(input: string | null | undefined): Rgb | null {
  if (!input) return null;
  let hex = input.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = [...hex].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (from: Rgb, to: Rgb, amount: number): Rgb => from.map((v, i) => v + (to[i] - v) * amount) as Rgb;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
// Shade 6 is the user's colour itself (Mantine's default primary shade); lighter shades
// mix towards white, darker ones towards black, giving Mantine's 10-step scale.
const TINTS = [0.93, 0.84, 0.7, 0.54, 0.38, 0.2];
const SHADES = [0.14, 0.28, 0.42];

export function colorsTupleFromHex(hex: string): MantineColorsTuple {
  const base = parseHex(hex) ?? ([0, 0, 0] as Rgb);
  return [
    ...TINTS.map((t) => toHex(mix(base, WHITE, t))),
    toHex(base),
    ...SHADES.map((s) => toHex(mix(base, BLACK, s))),
  ] as unknown as MantineColorsTuple;
}

/** rgba() text of a hex colour with the given opacity. */
export function withAlpha(hex: string, opacity: number): string {
  const [r, g, b] = parseHex(hex) ?? [0, 0, 0];
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}

/** WCAG relative luminance, used to pick readable text on a user-chosen colour. */
function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The first shade of the tuple (searching from `start` towards `end`) readable on `background` (>= 4.5:1 by default). */
export function readableShade(tuple: readonly string[], background: string, start: number, end: number, minRatio = 4.5): number {
  const step = start <= end ? 1 : -1;
  for (let i = start; i !== end + step; i += step) {
    if (contrastRatio(tuple[i], background) >= minRatio) return i;
  }
  return end;
}

/**
 * The first colour of the tuple (from `start` towards `end`) with at least `minRatio` against
 * every one of `backgrounds`, or `fallback` when no shade of the user's colour manages it.
 */
export function shadeOnAll(
  tuple: readonly string[],
  backgrounds: readonly string[],
  start: number,
  end: number,
  minRatio: number,
  fallback: string,
): string {
  const step = start <= end ? 1 : -1;
  for (let i = start; i !== end + step; i += step) {
    if (backgrounds.every((bg) => contrastRatio(tuple[i], bg) >= minRatio)) return tuple[i];
  }
  return fallback;
}
