import { DEFAULT_COLORS } from '@console/contract';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { colorsTupleFromHex, contrastRatio } from './color-tuple';
import { createCssVariablesResolver, FOCUS_RING_BACKGROUNDS, FOCUS_RING_MIN_CONTRAST, focusRingColors } from './theme';

const resolve = (colors: { primaryColor: string; secondaryColor: string }) => createCssVariablesResolver(colors)(DEFAULT_THEME);

describe('focus ring colour', () => {
  it("Mantine's own dark focus ring (filled shade 5) fails 3:1 for the default colour: the reason for the fix", () => {
    const shade5 = colorsTupleFromHex(DEFAULT_COLORS.primaryColor)[5];
    expect(contrastRatio(shade5, DEFAULT_THEME.colors.dark[7])).toBeLessThan(FOCUS_RING_MIN_CONTRAST);
  });

  it.each([
    ['the default navy', DEFAULT_COLORS.primaryColor],
    ['a light yellow', '#ffe066'],
    ['near black', '#050505'],
    ['pure white', '#ffffff'],
    ['a mid red', '#e03131'],
  ])('keeps >= 3:1 on every light and dark surface for %s', (_name, primaryColor) => {
    const vars = resolve({ primaryColor, secondaryColor: DEFAULT_COLORS.secondaryColor });
    const light = vars.light['--app-focus-ring']!;
    const dark = vars.dark['--app-focus-ring']!;
    expect({ light, dark }).toEqual(focusRingColors({ primaryColor, secondaryColor: '#000000' }));
    for (const bg of FOCUS_RING_BACKGROUNDS.light) expect(contrastRatio(light, bg)).toBeGreaterThanOrEqual(FOCUS_RING_MIN_CONTRAST);
    for (const bg of FOCUS_RING_BACKGROUNDS.dark) expect(contrastRatio(dark, bg)).toBeGreaterThanOrEqual(FOCUS_RING_MIN_CONTRAST);
  });

  it("stays in the user's own colour when a shade of it is strong enough", () => {
    const tuple = colorsTupleFromHex(DEFAULT_COLORS.primaryColor);
    const { light, dark } = focusRingColors({ primaryColor: DEFAULT_COLORS.primaryColor, secondaryColor: '#000000' });
    expect(tuple).toContain(light);
    expect(tuple).toContain(dark);
  });
});
