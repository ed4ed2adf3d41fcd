// `npm run simulate -- --devices N --rate R --minutes M [--url URL] [--api-key KEY]`: a fleet of
// devices reporting user requests to a running server over real HTTP (POST /api/device/user-requests).
// - devices: distinct device codes (default 50), each with a fixed platform, model, OS and app version;
// - rate: user requests per second across the fleet (default 20); minutes: how long (default 1);
// - each second the due requests go out as batches (<= --batch, default 200) and each answer is
//   checked (accepted + duplicates + rejected = sent); ~1% of events are resent to exercise duplicates.
// Tone codes: --codes A,B,... or GET /api/tone-sequences signed in as --email/--password (default
// ADMIN_EMAIL/ADMIN_PASSWORD). The key: --api-key (or SIM_API_KEY); without one, the signed-in user's
// key is REGENERATED (PATCH /api/users/{id}/regenerate-api-key), which invalidates the previous one.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    rate: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '1' },
    batch: { type: 'string', default: '200' },
    url: { type: 'string', default: process.env.SIM_URL ?? 'http://127.0.0.1:3000' },
    'api-key': { type: 'string', default: process.env.SIM_API_KEY },
    codes: { type: 'string' },
    email: { type: 'string', default: process.env.ADMIN_EMAIL ?? 'admin@example.com' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
  },
});
const num = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number >= ${min}, got ${v}`);
    process.exit(2);
  }
  return n;
};
const deviceCount = Math.round(num('devices', values.devices, 1));
const rate = num('rate', values.rate, 0.1);
const minutes = num('minutes', values.minutes, 0.01);
const batchSize = Math.min(1000, Math.round(num('batch', values.batch, 1)));
const base = values.url.replace(/\/$/, '');

type Session = { token: string; csrf: string; userId: number };

async function signIn(): Promise<Session> {
  if (!values.password) throw new Error('Give --codes and --api-key, or --password (or ADMIN_PASSWORD) to read them from the API');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  const body = (await res.json()) as { loginType?: string; data?: { accessToken: string; user: { id: number } } };
  if (res.status !== 200 || !body.data) throw new Error(`sign-in answered ${res.status}`);
  if (body.loginType === 'otp') throw new Error('this user signs in with a code; give --codes and --api-key instead');
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.getSetCookie().join('; '))?.[1] ?? '';
  return { token: body.data.accessToken, csrf: decodeURIComponent(csrf), userId: body.data.user.id };
}

async function toneCodes(session: () => Promise<Session>): Promise<string[]> {
  if (values.codes)
    return values.codes
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean);
  const s = await session();
  const res = await fetch(`${base}/api/tone-sequences?status=active&limit=500`, { headers: { authorization: `Bearer ${s.token}` } });
  if (res.status !== 200) throw new Error(`GET /api/tone-sequences answered ${res.status}`);
  const codes = ((await res.json()) as { data: { code: string }[] }).data.map((r) => r.code);
  if (codes.length === 0) throw new Error('there are no active tone sequences: add some (or run npm run seed) first');
  return codes;
}

async function apiKey(session: () => Promise<Session>): Promise<string> {
  if (values['api-key']) return values['api-key'];
  const s = await session();
  const res = await fetch(`${base}/api/users/${s.userId}/regenerate-api-key`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${s.token}`, 'x-xsrf-token': s.csrf },
  });
  if (res.status !== 200) throw new Error(`regenerate-api-key answered ${res.status}`);
  console.log("Regenerated the signed-in user's API key (the previous one no longer works).");
  return ((await res.json()) as { apiKey: string }).apiKey;
}

const PROFILES = [
  { platform: 'android', models: ['Pixel 8', 'Galaxy S24', 'Redmi Note 13', 'Moto G84'], os: ['13', '14', '15'], weight: 55 },
  { platform: 'ios', models: ['iPhone 13', 'iPhone 15', 'iPhone 15 Pro', 'iPad Air'], os: ['17.5', '18.1', '18.2'], weight: 35 },
  { platform: 'web', models: ['Chrome', 'Firefox', 'Safari'], os: ['Windows 11', 'macOS 15', 'Linux'], weight: 8 },
  { platform: 'other', models: ['Kiosk K2'], os: ['1.0'], weight: 2 },
] as const;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
function makeDevice(i: number) {
  // Weighted pick: android 55%, ios 35%, web 8%, other 2%.
  const roll = Math.random() * 100;
  let edge = 0;
  const profile =
    PROFILES.find((p) => {
      edge += p.weight;
      return roll < edge;
    }) ?? PROFILES[0];
  return {
    deviceCode: `SIM-${String(i).padStart(5, '0')}-${randomUUID().slice(0, 6)}`,
    platform: profile.platform,
    deviceModel: pick(profile.models),
    osVersion: pick(profile.os),
    appVersion: pick(['2.3.0', '2.3.1', '2.4.0']),
  };
}

let cached: Promise<Session> | undefined;
const session = () => (cached ??= signIn());
const [codes, key] = await Promise.all([toneCodes(session), apiKey(session)]);
const fleet = Array.from({ length: deviceCount }, (_, i) => makeDevice(i));
const totals = { sent: 0, accepted: 0, duplicates: 0, rejected: 0, batches: 0, errors: 0, rateLimited: 0 };
const latencies: number[] = [];
let recent: Record<string, unknown>[] = [];

async function send(requests: Record<string, unknown>[]) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/device/user-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ requests }),
  });
  latencies.push(performance.now() - t0);
  totals.batches++;
  totals.sent += requests.length;
  if (res.status === 429) totals.rateLimited++;
  if (res.status !== 200) {
    totals.errors++;
    if (res.status === 401 || res.status === 403) throw new Error(`the API key was refused (${res.status})`);
    return;
  }
  const body = (await res.json()) as { accepted: number; duplicates: number; rejected: unknown[] };
  if (body.accepted + body.duplicates + body.rejected.length !== requests.length) throw new Error('the answer does not add up');
  totals.accepted += body.accepted;
  totals.duplicates += body.duplicates;
  totals.rejected += body.rejected.length;
}

console.log(`Simulating ${deviceCount} devices, ${rate} requests/s for ${minutes} min against ${base} (${codes.length} tone codes).`);
const end = Date.now() + minutes * 60_000;
let carry = 0;
while (Date.now() < end) {
  const tick = Date.now();
  carry += rate;
  const due = Math.floor(carry);
  carry -= due;
  const items = Array.from({ length: due }, () => {
    const d = pick(fleet);
    return { eventId: randomUUID(), toneCode: pick(codes), requestedAt: new Date().toISOString(), ...d };
  });
  // A device that lost an answer resends: about 1% of events go out twice.
  const replays = recent.filter(() => Math.random() < 0.01);
  recent = items.slice(-100);
  const all = [...items, ...replays];
  const sends: Promise<void>[] = [];
  for (let i = 0; i < all.length; i += batchSize) sends.push(send(all.slice(i, i + batchSize)));
  await Promise.all(sends);
  if (totals.batches % 10 === 0 || Date.now() >= end) {
    process.stdout.write(
      `\rsent ${totals.sent}  accepted ${totals.accepted}  duplicates ${totals.duplicates}  rejected ${totals.rejected}  errors ${totals.errors}   `,
    );
  }
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
}
latencies.sort((a, b) => a - b);
const p = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1) : '-');
console.log(
  `\nDone: ${totals.batches} batches, ${totals.sent} requests; accepted ${totals.accepted}, duplicates ${totals.duplicates}, rejected ${totals.rejected}, failed batches ${totals.errors} (429: ${totals.rateLimited}). Batch latency p50 ${p(0.5)} ms, p95 ${p(0.95)} ms.`,
);
