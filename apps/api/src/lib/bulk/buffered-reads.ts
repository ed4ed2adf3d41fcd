import type { Readable } from 'node:stream';

/**
 * What an object-mode stream has buffered, an array at a time (one await per chunk of the file
 * instead of one per record).
 */
export async function* bufferedReads<T>(stream: Readable): AsyncGenerator<T[]> {
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => wake?.();
  stream.on('readable', notify);
  stream.on('end', () => {
    ended = true;
    notify();
  });
  stream.on('error', (err) => {
    failure = err;
    notify();
  });
  try {
    for (;;) {
      const records: T[] = [];
      for (let r = stream.read(); r !== null; r = stream.read()) records.push(r as T);
      if (records.length > 0) {
        yield records;
        // Read again before waiting: a 'readable' that fired while the caller had the records is
        // not fired again until read() has come back empty, so waiting now could wait forever.
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    stream.destroy();
  }
}
