import path from 'node:path';
import { AzureBlobStorage } from './azure-blob.js';
import { LocalDiskStorage } from './local-disk.js';
import type { FileStorage } from './types.js';

export * from './types.js';
export * from './keys.js';
export * from './range.js';
export { LocalDiskStorage } from './local-disk.js';
export { AzureBlobStorage } from './azure-blob.js';

export type StorageOptions = { driver: 'local'; rootDir: string } | { driver: 'azure'; connectionString: string; container: string };

/**
 * The configured driver. The config module decides: Azure when a connection string is set,
 * otherwise local disk under `<DATA_DIR>/storage` (see `localStorageRoot`).
 * Call `await storage.init()` at start-up to fail fast on a bad configuration.
 */
export function createStorage(options: StorageOptions): FileStorage {
  switch (options.driver) {
    case 'local':
      return new LocalDiskStorage(options.rootDir);
    case 'azure':
      return new AzureBlobStorage({ connectionString: options.connectionString, container: options.container });
    default:
      throw new Error(`Unknown storage driver ${JSON.stringify((options as { driver?: unknown }).driver)}`);
  }
}

/** `<dataDir>/storage`, the default root of the local driver (DESIGN.md s.2). */
export function localStorageRoot(dataDir: string): string {
  return path.join(dataDir, 'storage');
}
