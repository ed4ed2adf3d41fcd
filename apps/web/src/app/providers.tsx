import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { AlertRoot } from '../components/ui/alert-dialog';
import { ToastRoot } from '../components/ui/toast-root';
import { darkModeColorSchemeManager } from '../lib/theme/color-scheme-manager';
import { useThemeColors } from '../lib/theme/colors-store';
import { createAppTheme, createCssVariablesResolver } from '../lib/theme/theme';

const colorSchemeManager = darkModeColorSchemeManager();

/** Theme (user colours, stored dark mode), toasts and the alert dialog for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  const colors = useThemeColors();
  const theme = useMemo(() => createAppTheme(colors), [colors]);
  const cssVariablesResolver = useMemo(() => createCssVariablesResolver(colors), [colors]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <ToastRoot />
      <AlertRoot />
      {children}
    </MantineProvider>
  );
}
