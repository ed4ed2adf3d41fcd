import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type CrashPoint, CRASH_ADMIN, crashServer } from '../../test/crash-server.js';

// Issue 17: ingestion stays exactly-once across kill -9. The server kills itself right before and
// right after its one ingestion statement (crash-hook.fixture.mjs), so the device never gets an
// answer; it sends the same batch again to the restarted server, as a device app does. Each event
// must be stored once, and the devices and the three rollups must count it once.

const BATCH = 50;
const server = crashServer('ingest-crash-');
afterAll(() => server.remove());

// 'after' (committed, never answered) needs a query that answers a promise: PGlite's does; on
// PostgreSQL the pool's query takes a callback, so crash-hook.fixture.mjs cannot land there yet.
const WHEN = process.env.DATABASE_URL ? (['before'] as const) : (['before', 'after'] as const);
const statement = (when: 'before' | 'after'): CrashPoint => ({ channel: 'sql', at: 'insert into user_requests', when });

describe('ingestion across SIGKILL', () => {
  it('stores a batch cut off before or after its statement exactly once when it is sent again', async () => {
    await server.start();
    await server.login(CRASH_ADMIN);
    const admins = await server.api<{ data: { id: number }[] }>('GET', `/users?page=1&limit=10&search=${CRASH_ADMIN.email}`);
    const userId = admins.data[0]!.id;
    const location = await server.api<{ data: { id: number } }>('POST', '/locations/add', {
      name: `Crash hall ${randomUUID().slice(0, 6)}`,
    });
    const code = `CR-${randomUUID().slice(0, 8).toUpperCase()}`;
    await server.api('POST', '/tone-sequences/add', { name: `Crash ${code}`, code, locationId: location.data.id });
    const { apiKey } = await server.api<{ apiKey: string }>('PATCH', `/users/${userId}/regenerate-api-key`);

    const batch = (tag: string) =>
      Array.from({ length: BATCH }, (_, i) => ({
        eventId: randomUUID(),
        deviceCode: `CRASH-${tag}-${i % 7}`,
        toneCode: code,
        requestedAt: new Date(Date.now() - i * 60_000).toISOString(),
        platform: (['android', 'ios', 'web'] as const)[i % 3],
      }));
    const send = async (requests: unknown[]) => {
      const res = await fetch(`${server.base}/api/device/user-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ requests }),
      });
      return { status: res.status, body: (await res.json()) as { accepted: number; duplicates: number } };
    };

    const sent: { when: 'before' | 'after'; requests: ReturnType<typeof batch> }[] = [];
    for (const when of WHEN) {
      await server.kill();
      await server.start(statement(when));
      const requests = batch(when);
      sent.push({ when, requests });
      // The server dies with the batch in flight: the device gets no answer.
      await expect(send(requests)).rejects.toThrow();
      await server.exited();
      await server.start();
      const again = await send(requests);
      expect(again.status).toBe(200);
      // Killed before the statement: nothing was stored, so all are new; after it: all are duplicates.
      expect(again.body).toMatchObject(when === 'before' ? { accepted: BATCH, duplicates: 0 } : { accepted: 0, duplicates: BATCH });
      // A third copy is all duplicates either way.
      expect((await send(requests)).body).toMatchObject({ accepted: 0, duplicates: BATCH });
    }

    const ids = sent.flatMap((s) => s.requests.map((r) => r.eventId));
    await server.kill();
    await server.withDatabase(async (q) => {
      const [stored] = await q('select count(*)::int as n from user_requests where event_id = any($1::uuid[])', [ids]);
      expect(stored!.n).toBe(WHEN.length * BATCH);
      const [devices] = await q(`select coalesce(sum(requests), 0)::int as n from devices where device_code like 'CRASH-%'`);
      expect(devices!.n).toBe(WHEN.length * BATCH);
      const [daily] = await q('select coalesce(sum(requests), 0)::int as n from user_request_daily where location_id = $1', [
        location.data.id,
      ]);
      expect(daily!.n).toBe(WHEN.length * BATCH);
      const [total] = await q('select requests::int as n from user_request_location_totals where location_id = $1', [location.data.id]);
      expect(total!.n).toBe(WHEN.length * BATCH);
    });
    // Five server starts (migrations included) on a busy shared machine.
  }, 600_000);
});
