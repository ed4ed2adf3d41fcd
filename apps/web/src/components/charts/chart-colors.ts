import type { MantineColor, MantineTheme } from '@mantine/core';
import type { GraphicColors } from '../../lib/theme/theme';

/**
 * The shade of each Mantine colour a chart draws with: the first with 3:1 against the card in
 * both schemes (WCAG 1.4.11; chart-colors.test.ts checks them). Mantine's shade 6 is not:
 * teal.6 and orange.6 are 2.6:1 on white.
 */
export const CHART_SHADES = { teal: 8, orange: 8, grape: 6, blue: 6, gray: 6 } as const;

/**
 * A chart's colour for `name`: the user's primary ('brand') or secondary ('accent') colour in the
 * shade the theme picked for graphics in the current scheme (lib/theme/theme.ts), or a Mantine
 * colour in its CHART_SHADES shade.
 */
export function chartColor(name: 'brand' | 'accent' | keyof typeof CHART_SHADES): MantineColor {
  if (name === 'brand' || name === 'accent') return `var(--app-chart-${name})`;
  return `${name}.${CHART_SHADES[name]}`;
}

/**
 * The hex value of chartColor('brand' | 'accent') in a scheme, for a canvas (uPlot), which cannot
 * read a CSS variable: the same shade the variable holds (lib/theme/theme.ts puts both in the theme).
 */
export function chartHex(theme: MantineTheme, name: 'brand' | 'accent', scheme: 'light' | 'dark'): string {
  const graphic = (theme.other as { graphicColors?: GraphicColors }).graphicColors;
  // A theme not built by createAppTheme (a test's default theme): Mantine's primary shade.
  return graphic?.[name][scheme] ?? theme.colors[theme.primaryColor]?.[scheme === 'dark' ? 4 : 6] ?? theme.black;
}
