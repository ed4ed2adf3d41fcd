import type { FastifyInstance, InjectOptions } from 'fastify';

/** One Server-Sent Event as the browser would see it. */
type SseMessage = { event: string; data: string };

/**
 * Reads Server-Sent Events from a text stream as the browser would see them, and lets a test
 * wait for the events it expects, or for the end, each with a timeout (a stream never ends by itself).
 */
export function collectSse(stream: NodeJS.ReadableStream & { destroy(): void }) {
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let raw = '';
  let ended = false;
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    raw += chunk;
    buffer += chunk;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
      if (event) messages.push({ event, data: data.join('\n') });
      else if (block.startsWith(':')) messages.push({ event: 'comment', data: block });
      cut = buffer.indexOf('\n\n');
    }
    wake();
  });
  const done = () => {
    ended = true;
    wake();
  };
  stream.on('end', done);
  stream.on('close', done);
  stream.on('error', done);

  /** Resolves when `test` holds (checked after every chunk), rejects after `timeoutMs`. */
  function until<T>(test: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = test();
        if (found !== undefined) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; got: ${raw.slice(0, 500)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    messages,
    /** Everything received so far (an error answer's JSON once ended). */
    text: () => raw,
    /** The next message named `event` after the first `skip` of that name. */
    next: (event: string, timeoutMs?: number, skip = 0) =>
      until(() => messages.filter((m) => m.event === event)[skip], `event "${event}"`, timeoutMs),
    ended: (timeoutMs?: number) => until(() => (ended ? true : undefined), 'the end of the stream', timeoutMs),
    close: () => stream.destroy(),
  };
}

/** A live-update stream read through app.inject (payloadAsStream: the answer comes back at its headers). */
export async function openLive(app: FastifyInstance, opts: InjectOptions) {
  const res = await app.inject({ ...opts, payloadAsStream: true });
  return { statusCode: res.statusCode, headers: res.headers, ...collectSse(res.stream()) };
}

/**
 * For tests that walk every route (authorization, fuzzing): a stream route's answer up to its
 * `ready` event (or its whole error answer), as a plain inject response would carry it.
 */
export async function injectUntilReady(app: FastifyInstance, opts: InjectOptions) {
  const s = await openLive(app, opts);
  if (String(s.headers['content-type'] ?? '').startsWith('text/event-stream')) await s.next('ready').catch(() => undefined);
  else await s.ended().catch(() => undefined);
  s.close();
  const body = s.text();
  return { statusCode: s.statusCode, headers: s.headers, body, json: <T = unknown>() => JSON.parse(body) as T };
}

export const isLiveUrl = (url: string) => url.startsWith('/api/live/');
