import { LIVE_CONTROL_EVENTS, LIVE_DEAD_AFTER_MS, LIVE_TOPICS, type LiveEndReason, type LiveTopic } from '@console/contract';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * One live-update stream (issue 18 part 4), without React. The browser's EventSource cannot send
 * the bearer header and retries at a pace the page cannot choose, so the stream is read with
 * fetch and parsed by eventsource-parser. Reconnects with exponential backoff and jitter (so a
 * restarted server is not hit by every tab at once), and treats a stream silent for longer than
 * two heartbeats as dead (a proxy or a sleeping laptop can leave a socket open that carries
 * nothing).
 */

/** `connecting`: first attempt; `live`: the server said ready; `down`: cut, retrying; `stopped`: refused, not retrying. */
export type LiveState = 'connecting' | 'live' | 'down' | 'stopped';

const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s, then between half and all of it. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Ends that are final: the session is gone or the key was withdrawn; the normal calls will say so (401/403). */
const FINAL: readonly LiveEndReason[] = ['session-ended', 'forbidden'];

const isTopic = (name: string | undefined): name is LiveTopic => LIVE_TOPICS.includes(name as LiveTopic);

export type LiveConnectionOptions = {
  url: string;
  /** Read at each attempt: the session's bearer token, or null when signed out (then it stops). */
  token: () => string | null;
  onTopic: (topic: LiveTopic) => void;
  onState: (state: LiveState) => void;
  fetch?: typeof fetch;
  random?: () => number;
  deadAfterMs?: number;
};

/** Opens the stream and keeps it open until the returned function is called. */
export function connectLive(options: LiveConnectionOptions): () => void {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const deadAfterMs = options.deadAfterMs ?? LIVE_DEAD_AFTER_MS;
  let state: LiveState | undefined;
  let attempt = 0;
  let closed = false;
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let deadTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: LiveState) => {
    if (next === state || closed) return;
    state = next;
    options.onState(next);
  };
  const armDead = () => {
    clearTimeout(deadTimer);
    deadTimer = setTimeout(() => controller?.abort(), deadAfterMs);
  };
  const stop = () => {
    setState('stopped');
    finish();
  };
  function finish() {
    clearTimeout(retryTimer);
    clearTimeout(deadTimer);
    controller?.abort();
  }

  let final = false;
  const onEvent = (message: EventSourceMessage) => {
    if (message.event === LIVE_CONTROL_EVENTS.ready) {
      attempt = 0;
      setState('live');
    } else if (message.event === LIVE_CONTROL_EVENTS.end) {
      const reason = readReason(message.data);
      if (reason && FINAL.includes(reason)) final = true;
    } else if (isTopic(message.event)) {
      options.onTopic(message.event);
    }
  };

  async function run() {
    if (closed) return;
    const token = options.token();
    if (!token) return stop();
    controller = new AbortController();
    armDead();
    try {
      const res = await fetchImpl(options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      // Not signed in any more, or not allowed: polling takes over and its answer says why.
      if (res.status === 401 || res.status === 403) return stop();
      if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
      const parser = createParser({ onEvent });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        armDead();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Cut, aborted as dead, or refused by the network: retried below.
    }
    if (closed) return;
    if (final) return stop();
    setState('down');
    clearTimeout(deadTimer);
    retryTimer = setTimeout(() => void run(), backoffDelay(attempt++, options.random));
  }

  setState('connecting');
  void run();
  return () => {
    closed = true;
    finish();
  };
}

function readReason(data: string): LiveEndReason | undefined {
  try {
    return (JSON.parse(data) as { reason?: LiveEndReason }).reason;
  } catch {
    return undefined;
  }
}
