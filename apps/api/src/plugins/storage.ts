import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { findFfmpeg } from '../lib/media/index.js';
import { createStorage, type FileStorage, localStorageRoot, type StorageOptions } from '../lib/storage/index.js';

/**
 * `app.storage`: where uploaded files live (DESIGN.md s.2). Local disk under DATA_DIR/storage
 * by default, an Azure Blob container when configured. `app.uploadTempDir` is where uploads wait
 * while they are inspected (under DATA_DIR, so the local driver moves them on one filesystem);
 * `app.jobTempDir` where background jobs keep their working copies (a stored part, an archive entry).
 */

/** The configured driver's options (the demo seed stores its images through the same driver). */
export function storageOptions(config: Config): StorageOptions {
  if (config.storageDriver === 'azure') {
    if (!config.azureStorageConnectionString) throw new Error('AZURE_STORAGE_CONNECTION_STRING is required for the azure storage driver');
    return { driver: 'azure', connectionString: config.azureStorageConnectionString, container: config.azureStorageContainer };
  }
  return { driver: 'local', rootDir: localStorageRoot(config.dataDir) };
}

/** Creates a temp folder and removes leftovers of a crash. Only old ones: another process may share DATA_DIR. */
async function prepareTempDir(dir: string) {
  await mkdir(dir, { recursive: true });
  const stale = Date.now() - 3_600_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (name.startsWith('upload-') && info && info.mtimeMs < stale) await rm(file, { force: true });
  }
}

/**
 * The configured storage, ready, with its temp folders and ffmpeg: what this plugin decorates the
 * app with, and what `npm run worker` (no app) hands its jobs.
 */
export async function openFileStorage(config: Config, ready?: FileStorage) {
  const storage = ready ?? createStorage(storageOptions(config));
  await storage.init();
  const uploadTempDir = path.join(config.dataDir, 'tmp', 'uploads');
  const jobTempDir = path.join(config.dataDir, 'tmp', 'jobs');
  for (const dir of [uploadTempDir, jobTempDir]) await prepareTempDir(dir);
  return { storage, uploadTempDir, jobTempDir, ffmpegPath: findFfmpeg(config.ffmpegPath) };
}

export default fp(
  async function storagePlugin(app: FastifyInstance, opts: { storage?: FileStorage }) {
    const files = await openFileStorage(app.config, opts.storage);
    app.decorate('storage', files.storage);
    app.decorate('uploadTempDir', files.uploadTempDir);
    app.decorate('jobTempDir', files.jobTempDir);
    app.decorate('ffmpegPath', files.ffmpegPath);
  },
  { name: 'storage' },
);
