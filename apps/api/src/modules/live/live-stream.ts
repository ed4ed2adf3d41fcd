import {
  LIVE_CONTROL_EVENTS,
  LIVE_THROTTLE_MS,
  type LiveEndReason,
  type LiveEvent,
  type LiveTopic,
  type PermissionKey,
} from '@console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import type { AuthContext } from '../../types.js';

/** What one stream route sends: its topics, the key it re-checks, and which events this caller may hear of. */
export type StreamSpec = {
  topics: readonly LiveTopic[];
  permission: PermissionKey;
  /** Built once per stream (e.g. "own sessions only" without user-sessions.view-all); default: every event. */
  admits?: (auth: AuthContext) => Promise<(event: LiveEvent) => boolean>;
};

/** Events that stand for the same change merge while throttled (a burst becomes one event). */
const mergeKey = (e: LiveEvent) => (e.topic === 'bulk-uploads' ? `${e.topic}:${e.kind}` : e.topic);

function merge(a: LiveEvent, b: LiveEvent): LiveEvent {
  if (a.topic === 'user-requests' && b.topic === 'user-requests') return { topic: a.topic, count: a.count + b.count };
  if (a.topic === 'bulk-uploads' && b.topic === 'bulk-uploads')
    return { ...b, uploadIds: [...new Set([...a.uploadIds, ...b.uploadIds])].slice(0, 100) };
  return b;
}

/**
 * Serves one Server-Sent Events stream. The route's permission was checked by the auth hook at
 * the start; while the stream is open, the session and the key are read again on every heartbeat
 * and at once when the bus says the user's sessions changed (logout, revoke, password change on
 * any replica), and the stream ends with an `end` event when either is gone. The session is
 * read without touching it: an open tab must not keep an idle session alive.
 *
 * The response is hijacked (Fastify's serialisers and onSend hooks buffer whole answers) and
 * written by hand; `X-Accel-Buffering: no` keeps nginx-like proxies from holding it back.
 */
export async function serveStream(request: FastifyRequest, reply: FastifyReply, spec: StreamSpec) {
  const app = request.server;
  const auth = requireAuth(request);
  const admits = spec.admits ? await spec.admits(auth) : () => true;
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });

  let ended = false;
  const write = (text: string) => {
    if (!ended && !res.writableEnded) res.write(text);
  };
  const send = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

  // Throttle: the first event of a kind goes at once, later ones within LIVE_THROTTLE_MS merge into one.
  const lastSent = new Map<string, number>();
  const pending = new Map<string, LiveEvent>();
  const timers = new Map<string, NodeJS.Timeout>();
  const deliver = (event: LiveEvent) => {
    const key = mergeKey(event);
    const waiting = pending.get(key);
    if (waiting) return void pending.set(key, merge(waiting, event));
    const wait = (lastSent.get(key) ?? 0) + LIVE_THROTTLE_MS - Date.now();
    if (wait <= 0) {
      lastSent.set(key, Date.now());
      return send(event.topic, event);
    }
    pending.set(key, event);
    timers.set(
      key,
      setTimeout(() => {
        const merged = pending.get(key);
        pending.delete(key);
        timers.delete(key);
        lastSent.set(key, Date.now());
        if (merged) send(merged.topic, merged);
      }, wait),
    );
  };

  // One re-check at a time: a burst of session events must not become a burst of reads. One asked
  // for meanwhile runs after it (the running one may have read the session just before it ended).
  let checking = false;
  let again = false;
  const recheck = async (): Promise<void> => {
    if (ended) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      const found = await app.sessions.authenticate(auth.token, { touch: false });
      if (!found) return end('session-ended');
      const { roleId } = found.user;
      if (!app.access.isSuperAdmin(roleId) && !(await app.access.roleKeys(roleId)).includes(spec.permission)) end('forbidden');
    } catch (err) {
      // The database is away: keep the stream, the next heartbeat asks again.
      request.log.warn({ err }, 'live stream could not re-check its session');
    } finally {
      checking = false;
    }
    if (again) {
      again = false;
      return recheck();
    }
  };

  const topics = [...new Set<LiveTopic>([...spec.topics, 'sessions'])];
  const unsubscribe = app.live.subscribe(topics, (event) => {
    if (event.topic === 'sessions' && event.userId === auth.user.id) void recheck();
    if (spec.topics.includes(event.topic) && admits(event)) deliver(event);
  });
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    void recheck();
  }, app.config.liveHeartbeatMs);
  const onShutdown = () => end('shutdown');

  function end(reason?: LiveEndReason) {
    if (ended) return;
    if (reason) send(LIVE_CONTROL_EVENTS.end, { reason });
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    for (const timer of timers.values()) clearTimeout(timer);
    app.liveStreams.delete(onShutdown);
    res.end();
  }

  app.liveStreams.add(onShutdown);
  // The browser went away (tab closed, network cut, the SPA aborted the fetch).
  res.on('close', () => end());
  await app.live.listening();
  send(LIVE_CONTROL_EVENTS.ready, { heartbeatMs: app.config.liveHeartbeatMs });
}
