import { streamToTempFile, type TempUpload } from '../../lib/uploads/index.js';
import type { BulkJobDeps } from './importer.js';

/**
 * A stored part copied to a private temp file (yauzl and the sheet readers need a file, and the
 * storage may be remote); null when the object is gone. Streamed: nothing is held in memory.
 */
export async function fetchToTemp(deps: Pick<BulkJobDeps, 'storage' | 'jobTempDir'>, key: string): Promise<TempUpload | null> {
  const object = await deps.storage.get(key);
  if (!object) return null;
  return streamToTempFile(object.stream, { maxBytes: Number.MAX_SAFE_INTEGER, dir: deps.jobTempDir });
}
