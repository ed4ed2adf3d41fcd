/**
 * Which columns a user shows, remembered per user and table in localStorage. Only the user's
 * choices are stored, so a column added later still starts with its own default.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataTableColumnDef } from './types';

type ColumnVisibilityOverrides = Record<string, boolean>;

export function columnStorageKey(tableId: string, userId: string | number | null | undefined): string {
  return `dataTable:${tableId}:columns:${userId ?? 'anonymous'}`;
}

export function readColumnOverrides(key: string): ColumnVisibilityOverrides {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as ColumnVisibilityOverrides;
  } catch {
    return {};
  }
}

function writeColumnOverrides(key: string, overrides: ColumnVisibilityOverrides) {
  try {
    if (Object.keys(overrides).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(overrides));
  } catch {
    // Storage full or blocked (private mode): the choice lasts for this visit only.
  }
}

export interface ColumnVisibility {
  /** Accessors of the visible columns, in column order. */
  visible: string[];
  isVisible: (accessor: string) => boolean;
  setVisible: (accessor: string, visible: boolean) => void;
  reset: () => void;
}

export function useColumnVisibility<T>(columns: readonly DataTableColumnDef<T>[], storageKey: string): ColumnVisibility {
  const [state, setState] = useState(() => ({ key: storageKey, overrides: readColumnOverrides(storageKey) }));
  // Another user (or table) means another stored choice: re-read during render, no flash.
  let current = state;
  if (state.key !== storageKey) {
    current = { key: storageKey, overrides: readColumnOverrides(storageKey) };
    setState(current);
  }
  const { overrides } = current;

  // Follow changes made in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey) setState({ key: storageKey, overrides: readColumnOverrides(storageKey) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey]);

  const visible = useMemo(() => {
    const shown = columns.filter((c) => c.hideable === false || (overrides[c.accessor] ?? !c.hidden)).map((c) => c.accessor);
    // Never leave the table without columns.
    return shown.length > 0 ? shown : columns.slice(0, 1).map((c) => c.accessor);
  }, [columns, overrides]);

  const setVisible = useCallback(
    (accessor: string, isVisible: boolean) => {
      setState((prev) => {
        const column = columns.find((c) => c.accessor === accessor);
        const next = { ...prev.overrides };
        if (column && isVisible === !column.hidden) delete next[accessor];
        else next[accessor] = isVisible;
        writeColumnOverrides(prev.key, next);
        return { key: prev.key, overrides: next };
      });
    },
    [columns],
  );

  const reset = useCallback(() => {
    setState((prev) => {
      writeColumnOverrides(prev.key, {});
      return { key: prev.key, overrides: {} };
    });
  }, []);

  return useMemo(
    () => ({ visible, isVisible: (accessor: string) => visible.includes(accessor), setVisible, reset }),
    [visible, setVisible, reset],
  );
}
