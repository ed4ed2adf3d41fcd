// @vitest-environment node
import type { LiveTopic } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, connectLive, type LiveState } from './live-connection';
import { livePollInterval } from './live-status';
import { createTopicThrottle } from './use-live-updates';

/** A stream the test writes to, as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  let open = true;
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    event: (name: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)),
    cut: () => {
      if (open) controller.close();
      open = false;
    },
  };
}

function harness(answers: (() => Response)[]) {
  const streams: ReturnType<typeof serverStream>[] = [];
  const states: LiveState[] = [];
  const topics: LiveTopic[] = [];
  const calls: RequestInit[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const next = answers.shift();
    if (next) return next();
    const s = serverStream();
    streams.push(s);
    init?.signal?.addEventListener('abort', () => s.cut());
    return s.response;
  });
  const close = connectLive({
    url: '/api/live/tone-home',
    token: () => 'token-1',
    onTopic: (t) => topics.push(t),
    onState: (s) => states.push(s),
    fetch: fetch as unknown as typeof globalThis.fetch,
    random: () => 0,
    deadAfterMs: 10_000,
  });
  return { streams, states, topics, calls, fetch, close };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('backoffDelay', () => {
  it('doubles from 1 s with jitter between half and all of it, and never waits more than 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(5, () => 0.5)).toBe(22_500);
    expect(backoffDelay(6, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(1000, () => 1)).toBe(BACKOFF_CAP_MS);
  });
});

describe('connectLive', () => {
  it('sends the bearer token, is live once the server says ready, and hands on topics', async () => {
    const h = harness([]);
    await flush();
    expect(new Headers(h.calls[0]!.headers).get('authorization')).toBe('Bearer token-1');
    expect(h.states).toEqual(['connecting']);
    h.streams[0]!.event('ready', { heartbeatMs: 15000 });
    h.streams[0]!.send(': heartbeat\n\n');
    h.streams[0]!.event('user-requests', { topic: 'user-requests', count: 3 });
    h.streams[0]!.event('unknown-topic', {});
    await flush();
    expect(h.states).toEqual(['connecting', 'live']);
    expect(h.topics).toEqual(['user-requests']);
    h.close();
  });

  it('when cut, is down and reconnects with growing waits; a ready resets them', async () => {
    const h = harness([]);
    await flush();
    h.streams[0]!.event('ready', {});
    await flush();
    h.streams[0]!.cut();
    await flush();
    expect(h.states.at(-1)).toBe('down');
    // Attempt 0 waits 500 ms (random 0): the server refuses twice, then accepts.
    h.fetch.mockImplementationOnce(async () => new Response('', { status: 502 }));
    h.fetch.mockImplementationOnce(async () => new Response('', { status: 502 }));
    await vi.advanceTimersByTimeAsync(499);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000); // attempt 1: 1 s
    expect(h.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1999); // attempt 2: 2 s
    expect(h.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fetch).toHaveBeenCalledTimes(4);
    h.streams[1]!.event('ready', {});
    await flush();
    expect(h.states.at(-1)).toBe('live');
    h.streams[1]!.cut();
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    expect(h.fetch).toHaveBeenCalledTimes(5);
    h.close();
  });

  it('takes a stream silent for longer than the dead limit as cut', async () => {
    const h = harness([]);
    await flush();
    h.streams[0]!.event('ready', {});
    await vi.advanceTimersByTimeAsync(9_000);
    h.streams[0]!.send(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(h.states.at(-1)).toBe('live');
    await vi.advanceTimersByTimeAsync(1_001);
    expect(h.states.at(-1)).toBe('down');
    h.close();
  });

  it('stops for good on 401 or 403, and when the server ends it because the session ended', async () => {
    const refused = harness([() => new Response('{}', { status: 401 })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.states).toEqual(['connecting', 'stopped']);
    expect(refused.fetch).toHaveBeenCalledTimes(1);

    const ended = harness([]);
    await flush();
    ended.streams[0]!.event('ready', {});
    ended.streams[0]!.event('end', { reason: 'session-ended' });
    ended.streams[0]!.cut();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended.states).toEqual(['connecting', 'live', 'stopped']);
    expect(ended.fetch).toHaveBeenCalledTimes(1);
  });

  it('reconnects after a server shutdown (a rolling restart)', async () => {
    const h = harness([]);
    await flush();
    h.streams[0]!.event('ready', {});
    h.streams[0]!.event('end', { reason: 'shutdown' });
    h.streams[0]!.cut();
    await vi.advanceTimersByTimeAsync(500);
    expect(h.states).toEqual(['connecting', 'live', 'down']);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    h.close();
  });

  it('does nothing more once closed', async () => {
    const h = harness([]);
    await flush();
    h.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect(h.states).toEqual(['connecting']);
  });
});

describe('polling fallback', () => {
  it('polls only while the stream is not delivering (or none was opened)', () => {
    expect(livePollInterval({ state: 'live', freshAt: 0 }, 5000)).toBe(false);
    expect(livePollInterval({ state: 'connecting', freshAt: 0 }, 5000)).toBe(false);
    expect(livePollInterval({ state: 'down', freshAt: 0 }, 5000)).toBe(5000);
    expect(livePollInterval({ state: 'stopped', freshAt: 0 }, 5000)).toBe(5000);
    expect(livePollInterval(undefined, 5000)).toBe(5000);
  });
});

describe('createTopicThrottle', () => {
  it('runs a burst of 20,000 events as one call at once and one at the end of the second, per topic', async () => {
    const run = vi.fn();
    const throttle = createTopicThrottle(1000, run);
    for (let i = 0; i < 20_000; i++) throttle.push('user-requests');
    throttle.push('sessions');
    expect(run.mock.calls).toEqual([['user-requests'], ['sessions']]);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.mock.calls).toEqual([['user-requests'], ['sessions'], ['user-requests']]);
    throttle.push('user-requests');
    throttle.cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
