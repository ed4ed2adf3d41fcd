import type { Readable } from 'node:stream';
import type { ByteRange, RangeSpec } from './range.js';

/** What `get` returns: a stream the caller must consume or destroy. */
export interface StoredObject {
  /** The whole object, or only `range` when one was asked for and satisfiable. */
  stream: Readable;
  /** The whole object's size (also when a range was asked for). */
  size: number;
  /**
   * With `GetOptions.range`: the bytes the stream holds, or null when the range is
   * unsatisfiable (the stream is then empty; answer 416).
   */
  range?: ByteRange | null;
  contentType: string;
  lastModified?: Date;
}

export interface GetOptions {
  /** Read only these bytes (an HTTP Range request); resolved against the object's size by the driver. */
  range?: RangeSpec;
}

export interface PutOptions {
  contentType: string;
}

export interface PutResult {
  key: string;
  size: number;
}

/**
 * One interface over every place files live. Keys are server-generated (see `newStorageKey`);
 * every driver refuses keys that could escape its root (`assertValidKey`).
 */
export interface FileStorage {
  /** Prepares the backing store (creates the directory or container). Safe to call twice. */
  init(): Promise<void>;
  /** Writes (or overwrites) the object; readers never see a half-written object. */
  put(key: string, data: Readable | Buffer, options: PutOptions): Promise<PutResult>;
  /** The object, or null when no object has that key. */
  get(key: string, options?: GetOptions): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error. Answers whether something was removed. */
  delete(key: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
}

/** A key that is not a plain relative path inside the store (traversal, absolute, NUL, ...). */
export class InvalidStorageKey extends Error {
  readonly code = 'INVALID_STORAGE_KEY';
  /** Refused input, not a server fault: an error handler that honours statusCode answers 400. */
  readonly statusCode = 400;
  constructor(reason: string) {
    super(`Invalid storage key: ${reason}`);
    this.name = 'InvalidStorageKey';
  }
}
