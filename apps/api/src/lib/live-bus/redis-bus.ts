import type { Redis } from 'ioredis';
import { createFanOut, LIVE_CHANNEL, type LiveBus } from './live-bus.js';

type Log = { warn(obj: object, msg: string): void };

/**
 * Redis pub/sub (REDIS_URL): every replica and worker publishes on one channel and each replica
 * subscribes once, fanning out to its own streams. ioredis reconnects by itself and subscribes
 * again after a reconnect. The channel carries the URL's `keyPrefix` (ioredis does not prefix
 * channels), so deployments sharing one Redis do not hear each other.
 */
export async function createRedisBus(url: string, log: Log): Promise<LiveBus> {
  const { Redis } = await import('ioredis');
  const pub: Redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  const channel = `${pub.options.keyPrefix ?? ''}${LIVE_CHANNEL}`;
  const fanOut = createFanOut(log);
  let sub: Redis | undefined;
  let subscribed: Promise<void> | undefined;
  pub.on('error', (err) => log.warn({ err: { message: err.message } }, 'live bus (redis) publisher error'));

  return {
    publish(event) {
      pub.publish(channel, JSON.stringify(event)).catch((err: Error) => log.warn({ err: { message: err.message } }, 'live publish failed'));
    },
    subscribe(topics, listener) {
      // The subscriber connection is opened on first use: a worker only publishes.
      if (!sub) {
        sub = pub.duplicate();
        sub.on('error', (err) => log.warn({ err: { message: err.message } }, 'live bus (redis) subscriber error'));
        sub.on('message', (_channel: string, text: string) => fanOut.deliverRaw(text));
        subscribed = sub.subscribe(channel).then(
          () => {},
          (err: Error) => log.warn({ err: { message: err.message } }, 'live subscribe failed'),
        );
      }
      return fanOut.add(topics, listener);
    },
    listening: async () => subscribed,
    async close() {
      await subscribed;
      await Promise.all([pub.quit().catch(() => {}), sub?.quit().catch(() => {})]);
    },
  };
}
