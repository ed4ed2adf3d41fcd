import { type LiveEvent, type LiveTopic, liveEventSchema } from '@console/contract';

/**
 * The live-update bus: "something changed" messages from whoever writes (a request, a job in
 * `npm run worker`) to every replica's open streams. Three transports, picked from the config
 * (index.ts): in process (embedded PGlite: one process), PostgreSQL LISTEN/NOTIFY (DATABASE_URL)
 * and Redis pub/sub (REDIS_URL). Delivery is best effort: a message lost while a transport
 * reconnects only delays a screen, which still polls while its stream is down.
 */
export type LiveListener = (event: LiveEvent) => void;

export type LiveBus = {
  /** Fire and forget: a failing transport is logged, never thrown at the writer. */
  publish(event: LiveEvent): void;
  /** Calls `listener` with every event of `topics`, from any process; returns the unsubscribe. */
  subscribe(topics: readonly LiveTopic[], listener: LiveListener): () => void;
  /** Resolves once this process hears the transport (a stream says `ready` only then, so nothing sent after is missed). */
  listening(): Promise<void>;
  close(): Promise<void>;
};

/** The channel name every transport uses (Redis adds the deployment's key prefix). */
export const LIVE_CHANNEL = 'console_live';

type Log = { warn(obj: object, msg: string): void };

/** The local half of every transport: listeners of this process, by topic. */
export function createFanOut(log: Log) {
  const listeners = new Map<LiveTopic, Set<LiveListener>>();
  return {
    get size() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
    add(topics: readonly LiveTopic[], listener: LiveListener) {
      for (const topic of topics) {
        const set = listeners.get(topic) ?? new Set<LiveListener>();
        listeners.set(topic, set);
        set.add(listener);
      }
      return () => {
        for (const topic of topics) listeners.get(topic)?.delete(listener);
      };
    },
    deliver(event: LiveEvent) {
      for (const listener of listeners.get(event.topic) ?? []) {
        try {
          listener(event);
        } catch (err) {
          log.warn({ err }, 'live listener failed');
        }
      }
    },
    /** A message from another process: checked, since it crossed a wire. */
    deliverRaw(text: string) {
      let parsed: ReturnType<typeof liveEventSchema.safeParse>;
      try {
        parsed = liveEventSchema.safeParse(JSON.parse(text));
      } catch {
        return log.warn({}, 'live message is not JSON');
      }
      if (parsed.success) this.deliver(parsed.data);
      else log.warn({}, 'live message of an unknown shape');
    },
  };
}

/** One process (embedded mode, tests): publishing is delivering. */
export function createMemoryBus(log: Log): LiveBus {
  const fanOut = createFanOut(log);
  return {
    // After the caller's current work (its transaction commits first), as a real transport would.
    publish: (event) => void queueMicrotask(() => fanOut.deliver(event)),
    subscribe: (topics, listener) => fanOut.add(topics, listener),
    listening: async () => {},
    close: async () => {},
  };
}
