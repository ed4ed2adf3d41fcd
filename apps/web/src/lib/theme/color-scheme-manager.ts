import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '@console/contract';
import { storage } from '../storage';

/**
 * Stores the scheme under the spec's localStorage key `darkMode` ('true' / 'false') instead of
 * Mantine's own key; public/theme-init.js reads the same key before the first paint.
 */
export function darkModeColorSchemeManager(): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      const stored = storage.get(STORAGE_KEYS.darkMode);
      if (stored === 'true') return 'dark';
      if (stored === 'false') return 'light';
      return defaultValue;
    },
    set: (value: MantineColorScheme) => storage.set(STORAGE_KEYS.darkMode, value === 'dark' ? 'true' : 'false'),
    // Other tabs follow a toggle.
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.key === STORAGE_KEYS.darkMode) onUpdate(event.newValue === 'true' ? 'dark' : 'light');
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => storage.remove(STORAGE_KEYS.darkMode),
  };
}
