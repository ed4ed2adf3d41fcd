// Test helpers of ingestion: tone sequences to report and API keys of users holding chosen keys.
import { randomUUID } from 'node:crypto';
import type { IngestResponse } from '@console/contract';
import { locations, toneSequences } from '../../db/schema/index.js';
import type { TestApp, TestSession } from '../../test/test-app.js';

let n = 0;
const tag = () => `${Date.now().toString(36).slice(-4)}${(++n).toString(36)}`.toUpperCase();

/** A new location with `count` active tone sequences; returns their codes. */
export async function createToneSetup(t: TestApp, count = 2) {
  const [location] = await t.app.db
    .insert(locations)
    .values({ name: `Ingest hall ${tag()}` })
    .returning({ id: locations.id });
  const codes = Array.from({ length: count }, () => `T-${tag()}`.slice(0, 16));
  const rows = await t.app.db
    .insert(toneSequences)
    .values(codes.map((code, i) => ({ name: `Seq ${i} ${code}`, code, locationId: location!.id })))
    .returning({ id: toneSequences.id, code: toneSequences.code });
  return { locationId: location!.id, sequences: rows, codes };
}

/** A user's new API key, from the real regenerate route (roles/testing.ts makes users holding chosen keys). */
export async function regenerateKey(t: TestApp, admin: TestSession, userId: number) {
  const res = await t.as(admin, { method: 'PATCH', url: `/api/users/${userId}/regenerate-api-key` });
  return { userId, key: res.json<{ apiKey: string }>().apiKey };
}

export const item = (toneCode: string, over: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  deviceCode: 'DEV-1',
  toneCode,
  requestedAt: new Date().toISOString(),
  platform: 'android',
  deviceModel: 'Pixel 8',
  osVersion: '14',
  appVersion: '2.3.1',
  ...over,
});

export const sendBatch = (t: TestApp, key: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/user-requests',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) },
    payload: JSON.stringify(payload),
  });

export const answer = (res: { json<T>(): T }) => res.json<IngestResponse>();
