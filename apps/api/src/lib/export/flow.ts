import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as nextMacrotask } from 'node:timers/promises';

const ROWS_PER_TURN = 64;

/**
 * The stream a library-backed exporter (XLSX, PDF) writes into: `write` runs in the background,
 * and a failure destroys the stream, so the consumer sees an error rather than a short file.
 */
export function streamWrittenBy(write: (out: PassThrough) => Promise<void>): Readable {
  const out = new PassThrough();
  void write(out).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * Flow control for exporters that write into a library (exceljs, pdfkit) which pipes into `out`.
 * A `for await` over rows runs as an endless chain of microtasks, which starves process.nextTick
 * and the stream machinery: nothing reaches `out`, so its backpressure never shows and
 * everything piles up in memory. So every few rows we yield a macrotask turn, and while `out`
 * is full (the client reads slowly) we wait for it to drain. `extraPressure` lets a caller
 * report a buffer of its own that must shrink too.
 */
export class FlowControl {
  private rows = 0;

  constructor(
    private readonly out: Writable,
    private readonly extraPressure: () => boolean = () => false,
  ) {}

  get stopped(): boolean {
    return this.out.destroyed;
  }

  async afterRow(): Promise<void> {
    if (++this.rows % ROWS_PER_TURN !== 0) return;
    await nextMacrotask();
    while (!this.out.destroyed && (this.out.writableNeedDrain || this.extraPressure())) {
      if (this.out.writableNeedDrain) await drained(this.out);
      else await nextMacrotask();
    }
  }
}

/** Resolves on 'drain' or when the stream closes (a destroyed stream never drains). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
