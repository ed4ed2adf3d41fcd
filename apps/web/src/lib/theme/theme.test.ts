import { DEFAULT_COLORS } from '@console/contract';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { colorsTupleFromHex, contrastRatio } from './color-tuple';
import { createCssVariablesResolver, GRAPHIC_BACKGROUNDS, GRAPHIC_MIN_CONTRAST, focusRingColors } from './theme';

const resolve = (colors: { primaryColor: string; secondaryColor: string }) => createCssVariablesResolver(colors)(DEFAULT_THEME);

describe('focus ring colour', () => {
  it("Mantine's own dark focus ring (filled shade 5) fails 3:1 for the default colour: the reason for the fix", () => {
    const shade5 = colorsTupleFromHex(DEFAULT_COLORS.primaryColor)[5];
    expect(contrastRatio(shade5, DEFAULT_THEME.colors.dark[7])).toBeLessThan(GRAPHIC_MIN_CONTRAST);
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
    for (const bg of GRAPHIC_BACKGROUNDS.light) expect(contrastRatio(light, bg)).toBeGreaterThanOrEqual(GRAPHIC_MIN_CONTRAST);
    for (const bg of GRAPHIC_BACKGROUNDS.dark) expect(contrastRatio(dark, bg)).toBeGreaterThanOrEqual(GRAPHIC_MIN_CONTRAST);
  });

  it.each([
    ['the default colours', DEFAULT_COLORS.primaryColor, DEFAULT_COLORS.secondaryColor],
    ['a light yellow and near black', '#ffe066', '#050505'],
    ['pure white and a mid red', '#ffffff', '#e03131'],
  ])("charts draw the user's colours with >= 3:1 on every surface of each scheme: %s", (_name, primaryColor, secondaryColor) => {
    const vars = resolve({ primaryColor, secondaryColor });
    for (const scheme of ['light', 'dark'] as const) {
      expect(vars[scheme]['--app-chart-brand']).toBe(vars[scheme]['--app-focus-ring']);
      for (const name of ['--app-chart-brand', '--app-chart-accent'] as const) {
        const colour = vars[scheme][name]!;
        for (const bg of GRAPHIC_BACKGROUNDS[scheme]) expect(contrastRatio(colour, bg)).toBeGreaterThanOrEqual(GRAPHIC_MIN_CONTRAST);
      }
    }
    // The default navy drawn at Mantine's shade 6 (what the charts used) all but vanishes on the dark card.
    expect(contrastRatio(colorsTupleFromHex(DEFAULT_COLORS.primaryColor)[6], DEFAULT_THEME.colors.dark[7])).toBeLessThan(2);
  });

  it("stays in the user's own colour when a shade of it is strong enough", () => {
    const tuple = colorsTupleFromHex(DEFAULT_COLORS.primaryColor);
    const { light, dark } = focusRingColors({ primaryColor: DEFAULT_COLORS.primaryColor, secondaryColor: '#000000' });
    expect(tuple).toContain(light);
    expect(tuple).toContain(dark);
  });
});
