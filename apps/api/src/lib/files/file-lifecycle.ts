import { type FileStorage, thumbnailKeyFor } from '../storage/index.js';

/**
 * A stored file's life around the row that points at it, written once (the resource service, users,
 * media; bulk media items can use it too):
 * - the new file is stored (staged) BEFORE the database write, so the row never points at nothing;
 * - a refused write (rollback) removes what was staged: nothing is left behind;
 * - the old file goes only AFTER the write committed (commit), and only when the row now points
 *   elsewhere (replace) or the row is gone (removeAfterDelete): a failed write never loses a file.
 * A key is removed with its thumbnail beside it (thumbnailKeyFor), where it has one.
 */

/** Where the files live, and where a removal that failed is reported (a removal never fails the write). */
export type FileHost = { storage: FileStorage; log?: { warn(obj: object, msg?: string): void } };

type Key = string | null | undefined;

export type FileLifecycle = {
  /**
   * Stores a new file before the write: `put` stores it and answers its key, or what it stored
   * with the key in `key`; a rollback removes it again.
   */
  stage<T extends string | { key: string }>(put: () => Promise<T>): Promise<T>;
  /** The row goes from `oldKey` to `newKey` (null: no file): the old one goes on commit unless it is kept. */
  replace(oldKey: Key, newKey: Key): void;
  /** The row is deleted: its file goes on commit. */
  removeAfterDelete(key: Key): void;
  /** The write committed: removes the replaced and deleted files. */
  commit(): Promise<void>;
  /** The write was refused: removes what was staged; the old files stay. */
  rollback(): Promise<void>;
  /** `write`, then commit; rollback (and the error again) when it throws. */
  run<T>(write: () => Promise<T>): Promise<T>;
};

/** Removes stored files now, each with its thumbnail: best effort (a failure is logged, never thrown). */
export async function removeStoredFiles(host: FileHost, keys: readonly Key[]) {
  for (const key of keys) {
    if (!key) continue;
    for (const k of [key, thumbnailKeyFor(key)]) {
      try {
        await host.storage.delete(k);
      } catch (err) {
        host.log?.warn({ err, key: k }, 'could not delete a stored file');
      }
    }
  }
}

/** The files of one write (see above). */
export function fileLifecycle(host: FileHost): FileLifecycle {
  const staged: string[] = [];
  const doomed: Key[] = [];
  const lifecycle: FileLifecycle = {
    async stage(put) {
      const stored = await put();
      staged.push(typeof stored === 'string' ? stored : stored.key);
      return stored;
    },
    replace(oldKey, newKey) {
      if (oldKey && oldKey !== newKey) doomed.push(oldKey);
    },
    removeAfterDelete(key) {
      doomed.push(key);
    },
    async commit() {
      await removeStoredFiles(host, doomed.splice(0));
      staged.length = 0;
    },
    async rollback() {
      doomed.length = 0;
      await removeStoredFiles(host, staged.splice(0));
    },
    async run<T>(write: () => Promise<T>): Promise<T> {
      let result: T;
      try {
        result = await write();
      } catch (err) {
        await lifecycle.rollback();
        throw err;
      }
      await lifecycle.commit();
      return result;
    },
  };
  return lifecycle;
}
