import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../lib/theme/color-tuple';
import { GRAPHIC_MIN_CONTRAST } from '../../lib/theme/theme';
import { CHART_SHADES, chartColor } from './chart-colors';

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
});
