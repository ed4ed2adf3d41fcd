// A small HTTP client for the cluster tier: every call on a new connection (nothing pooled survives a
// killed replica), from a chosen client address. Through the load balancer that address is the
// connection's source (any 127.x.y.z works on loopback); straight to a replica it is sent as
// X-Forwarded-For, which is what the load balancer would have written (TRUST_PROXY=true).
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import { COOKIE_NAMES, HEADER_NAMES, type LoginResponse } from '@console/contract';
import { collectSse } from '../live-client.js';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: <T = Record<string, unknown>>() => T };
export type Session = { token: string; csrf: string; sessionId: string; userId: number };
export type CallOptions = { method?: string; json?: unknown; body?: Buffer; headers?: Record<string, string>; as?: Session; from?: string };

/** A client address of its own (never 127.0.0.1, which the harness itself uses). */
export const newClientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export function call(base: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const { request, body } = open(base, path, opts);
  return new Promise((resolve, reject) => {
    request.on('response', (res) => collect(res).then(resolve, reject));
    request.on('error', reject);
    request.end(body);
  });
}

const FIRST_PART_BYTES = 2048;

/** A request whose body is sent in two parts: its first 2 kB (at most half) now, the rest when `finish()` is called. */
export function callInTwoParts(base: string, path: string, opts: CallOptions & { body: Buffer }) {
  const { request } = open(base, path, { ...opts, headers: { ...opts.headers, 'content-length': String(opts.body.length) } });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (res) => collect(res).then(resolve, reject));
    request.on('error', reject);
  });
  // A first part small enough to be forwarded whole at once: had the load balancer still held
  // unread bytes of it when the replica died, closing the connection would reset it, and the
  // client could lose the 502 to the reset ("socket hang up", seen once in CI).
  const cut = Math.min(FIRST_PART_BYTES, opts.body.length >> 1);
  request.write(opts.body.subarray(0, cut));
  return {
    answer,
    finish: () => {
      if (!request.destroyed) request.end(opts.body.subarray(cut));
    },
  };
}

function open(base: string, path: string, opts: CallOptions) {
  const url = new URL(path, base);
  const method = opts.method ?? (opts.json === undefined && !opts.body ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...opts.headers };
  let body = opts.body;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  }
  if (opts.as) {
    headers.authorization = `Bearer ${opts.as.token}`;
    if (method !== 'GET') headers[HEADER_NAMES.csrf] = opts.as.csrf;
  }
  const from = opts.from ?? newClientAddress();
  headers['x-forwarded-for'] ??= from;
  const request = http.request(url, { method, headers, agent: false, localAddress: from });
  return { request, body };
}

async function collect(res: http.IncomingMessage): Promise<Answer> {
  const chunks: Buffer[] = [];
  for await (const c of res) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return { status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** A live-update stream (GET, Server-Sent Events) as `as`, read as it arrives (live-client.ts). */
export function openLiveStream(base: string, path: string, as: Session) {
  const { request } = open(base, path, { as, headers: { accept: 'text/event-stream' } });
  return new Promise<{ status: number } & ReturnType<typeof collectSse>>((resolve, reject) => {
    request.on('response', (res) => resolve({ status: res.statusCode ?? 0, ...collectSse(res) }));
    request.on('error', reject);
    request.end();
  });
}

/** Signs in (one-step users) and returns the bearer token with its CSRF token. */
export async function signIn(base: string, creds: { email: string; password: string }): Promise<Session> {
  const res = await call(base, '/api/auth/login', { json: { ...creds, rememberMe: false } });
  if (res.status !== 200) throw new Error(`sign-in of ${creds.email} answered ${res.status}: ${res.text}`);
  const body = res.json<LoginResponse>();
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = (name: string) =>
    cookies
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1) ?? '';
  return {
    token: body.data?.accessToken ?? '',
    csrf: decodeURIComponent(cookie(COOKIE_NAMES.csrf)),
    sessionId: body.data?.sessionId ?? '',
    userId: body.data?.user?.id ?? 0,
  };
}

/** A multipart/form-data body of text fields and files. */
export function multipart(fields: Record<string, string | number>, files: { name: string; filename: string; content: Buffer }[] = []) {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    chunks.push(Buffer.from(head), f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
