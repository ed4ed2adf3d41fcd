import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below the theme's `xs` breakpoint (a phone held upright), where the lists' inputs take the
 * whole width one under the other. Read at the first render, so a list does not draw its desktop
 * toolbar and then swap it.
 */
export function usePhoneLayout(): boolean {
  const { breakpoints } = useMantineTheme();
  return useMediaQuery(`(max-width: calc(${breakpoints.xs} - 0.0625em))`, false, { getInitialValueInEffect: false }) ?? false;
}
