import type { ContainerClient } from '@azure/storage-blob';
import { Readable, Transform } from 'node:stream';
import { assertValidKey } from './keys.js';
import { resolveRange } from './range.js';
import type { FileStorage, GetOptions, PutOptions, PutResult, StoredObject } from './types.js';

export interface AzureBlobStorageOptions {
  connectionString: string;
  container: string;
  /** Block size for streamed uploads (default 4 MiB) and how many blocks go up at once (default 4). */
  uploadBufferSize?: number;
  uploadConcurrency?: number;
}

/**
 * Blobs in one private container (created on first use when missing). Uploads are committed
 * as a block list, so readers never see a partial blob. The Azure SDK (~16 MB of memory) is
 * loaded by `init()`, so a server on local disk never carries it.
 */
export class AzureBlobStorage implements FileStorage {
  private ready: Promise<ContainerClient> | undefined;
  private readonly bufferSize: number;
  private readonly concurrency: number;

  constructor(private readonly options: AzureBlobStorageOptions) {
    if (!options.connectionString) throw new Error('AzureBlobStorage needs a connection string');
    if (!/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/.test(options.container)) {
      throw new Error(`Invalid Azure container name ${JSON.stringify(options.container)}`);
    }
    this.bufferSize = options.uploadBufferSize ?? 4 * 1024 * 1024;
    this.concurrency = options.uploadConcurrency ?? 4;
  }

  /** Called at start-up, so a bad connection string or an unreachable account fails fast. */
  async init(): Promise<void> {
    await this.containerClient();
  }

  /** The container, created when missing. */
  containerClient(): Promise<ContainerClient> {
    this.ready ??= (async () => {
      const { BlobServiceClient } = await import('@azure/storage-blob');
      const container = BlobServiceClient.fromConnectionString(this.options.connectionString).getContainerClient(this.options.container);
      // No `access` option: the container is private; files are served through the API.
      await container.createIfNotExists();
      return container;
    })().catch((err: unknown) => {
      this.ready = undefined; // let the next call retry (e.g. the emulator was still starting)
      throw err;
    });
    return this.ready;
  }

  async put(key: string, data: Readable | Buffer, options: PutOptions): Promise<PutResult> {
    assertValidKey(key);
    const blob = (await this.containerClient()).getBlockBlobClient(key);
    const blobHTTPHeaders = { blobContentType: options.contentType };
    if (Buffer.isBuffer(data)) {
      await blob.uploadData(data, { blobHTTPHeaders });
      return { key, size: data.length };
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(null, chunk);
      },
    });
    data.once('error', (err) => counter.destroy(err));
    try {
      // Only committed blocks become the blob: a failed upload leaves the old object (or none).
      await blob.uploadStream(data.pipe(counter), this.bufferSize, this.concurrency, { blobHTTPHeaders });
    } catch (err) {
      data.destroy();
      throw err;
    }
    return { key, size };
  }

  async get(key: string, options: GetOptions = {}): Promise<StoredObject | null> {
    assertValidKey(key);
    const blob = (await this.containerClient()).getBlobClient(key);
    try {
      if (!options.range) return await this.download(blob);
      // The range is resolved against the blob's size first (a suffix range needs it, and an
      // unsatisfiable one is answered without a download).
      const props = await blob.getProperties();
      const size = props.contentLength ?? 0;
      const range = resolveRange(options.range, size);
      if (!range) {
        return { stream: Readable.from([]), size, range: null, contentType: props.contentType ?? 'application/octet-stream' };
      }
      return { ...(await this.download(blob, range.start, range.end - range.start + 1)), size, range };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async download(blob: ReturnType<ContainerClient['getBlobClient']>, offset?: number, count?: number): Promise<StoredObject> {
    const res = await blob.download(offset, count);
    const stream = res.readableStreamBody as Readable | undefined;
    if (!stream) throw new Error('Azure returned no body stream (browser build?)');
    return {
      stream,
      size: res.contentLength ?? 0,
      contentType: res.contentType ?? 'application/octet-stream',
      lastModified: res.lastModified,
    };
  }

  async delete(key: string): Promise<boolean> {
    assertValidKey(key);
    const res = await (await this.containerClient()).getBlobClient(key).deleteIfExists({ deleteSnapshots: 'include' });
    return res.succeeded;
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    return (await this.containerClient()).getBlobClient(key).exists();
  }
}

/** The SDK's RestError (and anything else) carries the HTTP status as statusCode. */
function isNotFound(err: unknown): boolean {
  return (err as { statusCode?: number } | null)?.statusCode === 404;
}
