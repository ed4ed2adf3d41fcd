import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineThemeOverride } from '@mantine/core';
import { colorsTupleFromHex, readableShade, shadeOnAll, withAlpha } from './color-tuple';

export type ThemeColors = { primaryColor: string; secondaryColor: string };

const LIGHT_SURFACE = '#ffffff';
const DARK_SURFACE = DEFAULT_THEME.colors.dark[7];

/**
 * WCAG 2.2 non-text contrast (1.4.11): a focus indicator, or a chart's bar or slice, needs 3:1
 * against what surrounds it.
 */
export const GRAPHIC_MIN_CONTRAST = 3;
/** What a focused control or a chart sits on: the page and drawers, the tinted main area, inputs/hover rows, cards. */
export const GRAPHIC_BACKGROUNDS = {
  light: [LIGHT_SURFACE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]],
  dark: [DEFAULT_THEME.colors.dark[6], DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[8]],
} as const;

/**
 * A user's colour drawn as a graphic, per scheme: its first shade that keeps 3:1 on every
 * surface of that scheme, else a neutral that always does. Mantine's dark filled shade 5 of the
 * default navy is 2.6:1 on the dark page, its shade 6 (what the charts drew) 1.5:1.
 */
function graphicShades(hex: string): { light: string; dark: string } {
  const tuple = colorsTupleFromHex(hex);
  return {
    light: shadeOnAll(tuple, GRAPHIC_BACKGROUNDS.light, 6, 9, GRAPHIC_MIN_CONTRAST, DEFAULT_THEME.colors.dark[9]),
    dark: shadeOnAll(tuple, GRAPHIC_BACKGROUNDS.dark, 5, 0, GRAPHIC_MIN_CONTRAST, DEFAULT_THEME.white),
  };
}

/** The focus ring colour per scheme: the user's primary colour as a graphic. */
export const focusRingColors = (colors: ThemeColors) => graphicShades(colors.primaryColor);

/** The user's colours as graphics, per scheme: a chart's 'brand' and 'accent'. */
export type GraphicColors = Record<'brand' | 'accent', { light: string; dark: string }>;

const graphicColors = (colors: ThemeColors): GraphicColors => ({
  brand: focusRingColors(colors),
  accent: graphicShades(colors.secondaryColor),
});

/** Mantine theme built from the user's colours (spec s.4). 'brand' = primary, 'accent' = secondary. */
export function createAppTheme(colors: ThemeColors): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    // Dark mode uses a lighter shade so filled controls stand out from the dark surface.
    primaryShade: { light: 6, dark: 5 },
    // User-chosen colours can be light: pick black or white text on filled surfaces automatically.
    autoContrast: true,
    colors: {
      brand: colorsTupleFromHex(colors.primaryColor),
      accent: colorsTupleFromHex(colors.secondaryColor),
    },
    defaultRadius: 'md',
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
    components: {
      Combobox: { defaultProps: { keepMounted: false } },
      // A searchable select (more than 8 options) opened its list on any focus: the form's focus on
      // its first wrong field after a submit then covered that field's message ("Choose a client")
      // and the fields below it. The list opens on a click, on typing, or on the Down arrow.
      Select: { defaultProps: { openOnFocus: false } },
      MultiSelect: { defaultProps: { openOnFocus: false } },
    },
    // For what draws on a canvas (components/charts/chart-colors.ts), where a CSS variable does not reach.
    other: { graphicColors: graphicColors(colors) },
  });
}

/**
 * Contrast fixes for WCAG AA in both schemes: Mantine's light 'dimmed' grey is 3.3:1 on white,
 * and links in the primary colour must stay readable whatever colour the user picked.
 */
export function createCssVariablesResolver(colors: ThemeColors): CSSVariablesResolver {
  const brand = colorsTupleFromHex(colors.primaryColor);
  const accent = colorsTupleFromHex(colors.secondaryColor);
  const lightLink = readableShade(brand, LIGHT_SURFACE, 6, 9);
  const darkLink = readableShade(brand, DARK_SURFACE, 4, 0);
  const lightAccent = readableShade(accent, LIGHT_SURFACE, 6, 9);
  const darkAccent = readableShade(accent, DARK_SURFACE, 4, 0);
  // The focus ring, and chart shapes in the user's colours (components/charts/chart-colors.ts).
  const { brand: focusRing, accent: chartAccent } = graphicColors(colors);
  return () => ({
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      '--mantine-color-anchor': brand[lightLink],
      '--app-accent-text': accent[lightAccent],
      '--app-accent': accent[6],
      '--app-surface': 'var(--mantine-color-gray-0)',
      '--app-border': 'var(--mantine-color-gray-3)',
      '--app-focus-ring': focusRing.light,
      '--app-chart-brand': focusRing.light,
      '--app-chart-accent': chartAccent.light,
    },
    dark: {
      // Mantine's dark text (#c9c9c9) reads washed out on large headings; a brighter grey keeps contrast crisp.
      '--mantine-color-text': 'var(--mantine-color-gray-3)',
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      // Mantine derives dark 'light' variants by darkening shade 9, which is near-black for dark
      // brand colours; a translucent mid shade keeps light buttons and icons visible.
      '--mantine-color-brand-light': withAlpha(brand[4], 0.18),
      '--mantine-color-brand-light-hover': withAlpha(brand[4], 0.26),
      '--mantine-color-brand-light-color': brand[readableShade(brand, DARK_SURFACE, 2, 0)],
      '--mantine-color-error': 'var(--mantine-color-red-5)',
      '--mantine-color-anchor': brand[darkLink],
      '--app-accent-text': accent[darkAccent],
      '--app-accent': accent[5],
      '--app-surface': 'var(--mantine-color-dark-8)',
      '--app-border': 'var(--mantine-color-dark-4)',
      '--app-focus-ring': focusRing.dark,
      '--app-chart-brand': focusRing.dark,
      '--app-chart-accent': chartAccent.dark,
    },
  });
}
