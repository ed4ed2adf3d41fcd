import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { releaseClientOnFailedBegin } from './pg-transaction.js';

const url = loadConfig().databaseUrl;

/** A TCP proxy to the server that, once `silence()` is called, swallows what clients send. */
async function silencingProxy(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
    }
    client.on('data', (chunk) => silent || upstream.write(chunk));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silence() {
      silent = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        for (const s of sockets) s.destroy();
      }),
  };
}

describe.runIf(url?.startsWith('postgres'))('transactions on a pool (PostgreSQL)', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('gives the client back to the pool when BEGIN fails, so the pool keeps its size', async () => {
    const target = new URL(url!);
    const proxy = await silencingProxy(target);
    closers.push(proxy.close);
    const via = new URL(url!);
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port);
    // A statement without an answer fails after 300 ms: BEGIN on a connection gone silent.
    const pool = new pg.Pool({ connectionString: via.toString(), max: 2, query_timeout: 300 });
    pool.on('error', () => {});
    closers.push(() => pool.end());
    const db = drizzle(pool);
    releaseClientOnFailedBegin(db, pool);

    expect(await db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows)).toEqual([{ one: 1 }]);
    expect(pool.totalCount - pool.idleCount).toBe(0);

    proxy.silence();
    await expect(db.transaction(async () => 'never')).rejects.toThrow(/Failed query: begin/);
    // drizzle's own transaction() leaves that client checked out for good.
    expect(pool.totalCount - pool.idleCount, 'clients still checked out').toBe(0);
  });
});
