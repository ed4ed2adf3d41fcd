/**
 * Row selection outside React state: toggling one row re-renders that row's checkbox, the
 * header checkbox and the bulk-delete button, never the whole table (500 rows stay smooth).
 */
import { useSyncExternalStore } from 'react';
import type { RecordId } from './types';

export interface SelectionStore {
  subscribe: (listener: () => void) => () => void;
  getSelected: () => readonly RecordId[];
  has: (id: RecordId) => boolean;
  /** Ids of the rows on the current page, in order (for select-all and shift-click ranges). */
  setPageIds: (ids: readonly RecordId[], selectable?: readonly RecordId[]) => void;
  getPageIds: () => readonly RecordId[];
  getSelectableIds: () => readonly RecordId[];
  /** Toggles one row; with `range`, selects every row between the last clicked one and this one. */
  toggle: (id: RecordId, options?: { range?: boolean }) => void;
  setAll: (selected: boolean) => void;
  clear: () => void;
  /** Drops selected ids that are no longer on the page (after a refetch or delete). */
  retain: (ids: readonly RecordId[]) => void;
}

export function createSelectionStore(): SelectionStore {
  let selected = new Set<RecordId>();
  let snapshot: readonly RecordId[] = [];
  let pageIds: readonly RecordId[] = [];
  let selectableIds: readonly RecordId[] = [];
  let selectableSet = new Set<RecordId>();
  let anchor: RecordId | undefined;
  const listeners = new Set<() => void>();

  const commit = (next: Set<RecordId>) => {
    selected = next;
    snapshot = [...next];
    for (const listener of listeners) listener();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSelected: () => snapshot,
    has: (id) => selected.has(id),
    setPageIds(ids, selectable = ids) {
      pageIds = ids;
      selectableIds = selectable;
      selectableSet = new Set(selectable);
      for (const listener of listeners) listener();
    },
    getPageIds: () => pageIds,
    getSelectableIds: () => selectableIds,
    toggle(id, options = {}) {
      const next = new Set(selected);
      const from = anchor === undefined ? -1 : pageIds.indexOf(anchor);
      const to = pageIds.indexOf(id);
      if (options.range && from >= 0 && to >= 0) {
        const select = !selected.has(id);
        const [a, b] = from < to ? [from, to] : [to, from];
        for (const rowId of pageIds.slice(a, b + 1)) {
          if (!selectableSet.has(rowId)) continue;
          if (select) next.add(rowId);
          else next.delete(rowId);
        }
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      anchor = id;
      commit(next);
    },
    setAll(value) {
      commit(value ? new Set([...selected, ...selectableIds]) : new Set([...selected].filter((id) => !selectableSet.has(id))));
    },
    clear() {
      anchor = undefined;
      if (selected.size > 0) commit(new Set());
    },
    retain(ids) {
      const keep = new Set(ids);
      const next = new Set([...selected].filter((id) => keep.has(id)));
      if (next.size !== selected.size) commit(next);
    },
  };
}

export function useSelectedIds(store: SelectionStore): readonly RecordId[] {
  return useSyncExternalStore(store.subscribe, store.getSelected, store.getSelected);
}

export function useIsSelected(store: SelectionStore, id: RecordId): boolean {
  const get = () => store.has(id);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** 'all' | 'some' | 'none' of the current page's selectable rows. */
export function usePageSelectionState(store: SelectionStore): 'all' | 'some' | 'none' {
  const get = () => {
    const ids = store.getSelectableIds();
    if (ids.length === 0) return 'none';
    let count = 0;
    for (const id of ids) if (store.has(id)) count++;
    return count === 0 ? 'none' : count === ids.length ? 'all' : 'some';
  };
  return useSyncExternalStore(store.subscribe, get, get);
}
