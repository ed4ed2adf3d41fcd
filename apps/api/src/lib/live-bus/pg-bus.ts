import pg from 'pg';
import { createFanOut, LIVE_CHANNEL, type LiveBus } from './live-bus.js';

type Log = { warn(obj: object, msg: string): void };

const RECONNECT_MS = 1000;

/**
 * PostgreSQL LISTEN/NOTIFY (DATABASE_URL without REDIS_URL): one connection of its own per
 * process (a pooled one would lose the LISTEN when returned), used for NOTIFY as well. NOTIFY is
 * delivered to every listener of the same database, this process included, once the sender's
 * transaction commits. A dropped connection is opened again after a second and LISTENs again.
 */
export function createPgBus(connectionString: string, log: Log): LiveBus {
  const fanOut = createFanOut(log);
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client | undefined> | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const warn = (msg: string) => (err: Error) => log.warn({ err: { message: err.message } }, msg);
  // One statement at a time on the connection: pg queues overlapping queries itself, but that is
  // deprecated (pg 9 removes it), and publishes overlap whenever two writers finish together.
  let queue: Promise<unknown> = Promise.resolve();
  const run = (c: pg.Client, text: string, values?: unknown[]) => {
    const done = queue.then(() => c.query(text, values));
    queue = done.catch(() => {});
    return done;
  };

  function connect(): Promise<pg.Client | undefined> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
      c.on('error', warn('live bus (postgres) connection error'));
      c.on('notification', (msg) => {
        if (msg.channel === LIVE_CHANNEL && msg.payload) fanOut.deliverRaw(msg.payload);
      });
      c.on('end', () => {
        client = undefined;
        if (!closed && listening) retry = setTimeout(() => void listen(), RECONNECT_MS);
      });
      try {
        await c.connect();
        client = c;
        return c;
      } catch (err) {
        warn('live bus (postgres) cannot connect')(err as Error);
        await c.end().catch(() => {});
        return undefined;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  }

  let listenDone: Promise<void> | undefined;
  async function listen() {
    if (closed) return;
    const c = await connect();
    if (!c) {
      retry = setTimeout(() => void listen(), RECONNECT_MS);
      return;
    }
    await run(c, `listen ${LIVE_CHANNEL}`).catch(warn('live bus (postgres) listen failed'));
  }

  return {
    publish(event) {
      void connect().then((c) =>
        c ? run(c, 'select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]).catch(warn('live publish failed')) : undefined,
      );
    },
    subscribe(topics, listener) {
      if (!listening) {
        listening = true;
        listenDone = listen();
      }
      return fanOut.add(topics, listener);
    },
    listening: async () => listenDone,
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting;
      await client?.end().catch(() => {});
    },
  };
}
