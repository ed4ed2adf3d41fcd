import type { ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a failed download may take to hand over what was already written before it is cut. */
const FLUSH_LIMIT_MS = 30_000;

/**
 * The stream to give `reply.send` for an export. When the file fails part way, Fastify destroys
 * the response at once, and on Node 22/24 that drops the bytes still queued for the socket (the
 * CSV's failure line among them: the client saw a file cut at an arbitrary row). Here the failure
 * first lets what was written leave the process, then cuts the connection without the closing
 * chunk, so the client still sees an interrupted download, never a complete-looking file.
 * A client that goes away still stops the file (and so its database cursor).
 */
export function cutOffOnFailure(res: ServerResponse, file: Readable): Readable {
  const out = new PassThrough();
  file.pipe(out);
  file.once('error', () => {
    file.unpipe(out);
    void flushed(res, out).then(() => res.destroy());
  });
  out.once('close', () => {
    if (!file.readableEnded) file.destroy();
  });
  return out;
}

async function flushed(res: ServerResponse, out: PassThrough) {
  const deadline = Date.now() + FLUSH_LIMIT_MS;
  const pending = () => out.readableLength + res.writableLength + (res.socket?.writableLength ?? 0);
  while (!res.destroyed && pending() > 0 && Date.now() < deadline) await sleep(10);
}
