import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Light/dark switch; the scheme persists in localStorage `darkMode` (see lib/theme). */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = scheme === 'dark';
  // A native title instead of Mantine's Tooltip: the toggle sits on the sign-in page, and the
  // tooltip's positioning library would add ~20 kB of gzip to /login.
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun size={18} stroke={1.8} aria-hidden /> : <IconMoon size={18} stroke={1.8} aria-hidden />}
    </ActionIcon>
  );
}
