import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../lib/theme/color-tuple';
import { createAppTheme, createCssVariablesResolver, GRAPHIC_MIN_CONTRAST } from '../../lib/theme/theme';
import { CHART_SHADES, chartColor, chartHex } from './chart-colors';

// What a chart sits on: its card (Mantine's Paper: white, and the dark body colour in dark mode).
const cards = ['#ffffff', DEFAULT_THEME.colors.dark[7]];

describe('chart colours', () => {
  it("Mantine's shade 6 of teal and orange is under 3:1 on white: the reason for CHART_SHADES", () => {
    expect(contrastRatio(DEFAULT_THEME.colors.teal[6], '#ffffff')).toBeLessThan(GRAPHIC_MIN_CONTRAST);
    expect(contrastRatio(DEFAULT_THEME.colors.orange[6], '#ffffff')).toBeLessThan(GRAPHIC_MIN_CONTRAST);
  });

  it.each(Object.entries(CHART_SHADES))('%s in shade %i keeps 3:1 on the card in both schemes', (name, shade) => {
    const colour = DEFAULT_THEME.colors[name]?.[shade];
    expect(colour).toBeDefined();
    for (const card of cards) expect(contrastRatio(colour!, card)).toBeGreaterThanOrEqual(GRAPHIC_MIN_CONTRAST);
  });

  it("names the theme's graphic shade of the user's colours, and a Mantine colour in its chart shade", () => {
    expect(chartColor('brand')).toBe('var(--app-chart-brand)');
    expect(chartColor('accent')).toBe('var(--app-chart-accent)');
    expect(chartColor('teal')).toBe('teal.8');
  });

  it.each([
    ['the default colours', '#143f6f', '#f08c00'],
    ['a light blue and near black', '#74c0fc', '#050505'],
  ])("a canvas draws the user's colour in the shade its CSS variable holds, 3:1 on the card: %s", (_name, primaryColor, secondaryColor) => {
    const colors = { primaryColor, secondaryColor };
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(colors));
    const vars = createCssVariablesResolver(colors)(theme);
    for (const [scheme, card] of [
      ['light', cards[0]],
      ['dark', cards[1]],
    ] as const) {
      for (const name of ['brand', 'accent'] as const) {
        expect(chartHex(theme, name, scheme)).toBe(vars[scheme][`--app-chart-${name}`]);
        expect(contrastRatio(chartHex(theme, name, scheme), card!)).toBeGreaterThanOrEqual(GRAPHIC_MIN_CONTRAST);
      }
    }
    // What the per-day chart drew before (Mantine's 'brand.5' in light mode): 1.7:1 for the light blue.
    if (primaryColor === '#74c0fc') expect(contrastRatio(theme.colors.brand![5], cards[0]!)).toBeLessThan(2);
  });
});
