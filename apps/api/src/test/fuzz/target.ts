import { randomUUID } from 'node:crypto';
import { API_KEY_HEADER, HEADER_NAMES } from '@console/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { clients, companies, users } from '../../db/schema/index.js';
import { rawZip } from '../../lib/bulk/testing.js';
import { hashPassword } from '../../lib/passwords.js';
import { jpegWithGps, pngWithTrailingHtml } from '../../lib/uploads/testing.js';
import { sha256 } from '../../lib/tokens.js';
import { injectUntilReady, isLiveUrl } from '../live-client.js';
import { ADMIN, createTestApp, type TestApp, type TestSession } from '../test-app.js';
import type { FuzzCase } from './cases.js';
import { hostileArchiveSamples } from './hostile-archives.js';
import type { FileSamples } from './multipart-body.js';
import type { Dictionary } from './schema-arbitrary.js';
import { type OpenApiDocument, type Operation, operationsOf } from './operations.js';

/** Uploads above this are refused (kept small so oversize cases stay cheap). */
const FUZZ_UPLOAD_MAX_BYTES = 64 * 1024;

export type Sent = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * The app under fuzz (a fresh database with the demo seed, as the API tests use), the super
 * admin's session, and `send`, which signs a case in as its identity. The fuzzer may end or
 * spoil the admin's own session (logout, a password or e-mail change, disabling): on a 401 the
 * admin's account is restored in the database and signed in again, and the case is sent once
 * more, so one operation cannot blind the fuzzing of the next.
 */
export async function createFuzzTarget() {
  const t: TestApp = await createTestApp({ uploadMaxBytes: FUZZ_UPLOAD_MAX_BYTES });
  let admin: TestSession = await t.login('admin');
  const adminId = admin.userId;
  const passwordHash = await hashPassword(ADMIN.password);
  // The admin's API key, sent with every admin case so the device route (X-API-Key) is fuzzed past its key check.
  const apiKey = `fuzz-${randomUUID()}`;
  const apiKeyHash = sha256(apiKey);
  await t.app.db.update(users).set({ apiKeyHash }).where(eq(users.id, adminId));
  // A client (id 1: small ids come first) so bulk uploads are accepted and their jobs read the
  // hostile archive and workbook samples, instead of every case answering "Client not found".
  const [company] = await t.app.db.insert(companies).values({ name: 'Fuzz Co' }).returning({ id: companies.id });
  await t.app.db.insert(clients).values({ name: 'Fuzz client', companyId: company!.id, type: 'both' });
  const doc = (await t.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
  const files = await sampleFiles();
  let relogins = 0;

  async function restoreAdmin() {
    await t.app.db
      .update(users)
      .set({
        email: ADMIN.email,
        passwordHash,
        status: 'active',
        roleId: 1,
        failedLoginCount: 0,
        lockedUntil: null,
        twoFactorEnabled: false,
        apiKeyHash,
      })
      .where(eq(users.id, adminId));
    admin = await t.login('admin');
    relogins++;
  }

  function inject(c: FuzzCase) {
    const headers: Record<string, string> = {};
    if (c.identity === 'admin') {
      // What the SPA sends with every call of a signed-in user.
      headers.authorization = `Bearer ${admin.token}`;
      headers[HEADER_NAMES.sessionId] = admin.sessionId;
      if (c.method !== 'GET') headers[HEADER_NAMES.csrf] = admin.csrf;
      headers[API_KEY_HEADER] = apiKey;
    } else if (c.identity === 'forged' && c.forged) {
      headers.authorization = c.forged.authorization;
      headers[HEADER_NAMES.csrf] = c.forged.csrf;
    }
    if (c.contentType) headers['content-type'] = c.contentType;
    const opts = { method: c.method as 'GET', url: c.url, headers, ...(c.payload === undefined ? {} : { payload: c.payload }) };
    // A live-update stream never ends by itself: its answer is read up to its `ready` event.
    return c.method === 'GET' && isLiveUrl(c.url) ? injectUntilReady(t.app, opts) : t.app.inject(opts);
  }

  async function send(c: FuzzCase): Promise<Sent> {
    let res = await inject(c);
    if (c.identity === 'admin' && res.statusCode === 401) {
      await restoreAdmin();
      res = await inject(c);
    }
    return { statusCode: res.statusCode, headers: res.headers, body: res.body };
  }

  const dictionary = await harvest(operationsOf(doc), send);

  return {
    app: t.app,
    doc,
    files,
    dictionary,
    operations: (): Operation[] => operationsOf(doc),
    send,
    relogins: () => relogins,
    adminId,
    close: () => t.close(),
  };
}

export type FuzzTarget = Awaited<ReturnType<typeof createFuzzTarget>>;

/**
 * The texts the fresh app answers its list and lookup GETs with (slugs, role keys, names,
 * e-mails), by the key they came under; read once before fuzzing starts so that a seed replays
 * the same cases whichever operations run before it.
 */
async function harvest(operations: Operation[], send: (c: FuzzCase) => Promise<Sent>): Promise<Dictionary> {
  const all = new Set<string>();
  const byKey: Record<string, Set<string>> = {};
  const keep = (key: string, text: unknown) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: texts with control characters are not kept as hints
    if (typeof text !== 'string' || text.length === 0 || text.length > 120 || /[\u0000-\u001f]/.test(text)) return;
    all.add(text);
    byKey[key] ??= new Set();
    byKey[key].add(text);
  };
  for (const op of operations) {
    if (op.method !== 'GET' || op.pathParams.length > 0) continue;
    const res = await send({ identity: 'admin', method: 'GET', url: op.path, kind: 'none' });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
    const stack: unknown[] = [JSON.parse(res.body)];
    while (stack.length > 0 && all.size < 2000) {
      const value = stack.pop();
      if (!value || typeof value !== 'object') continue;
      for (const [key, child] of Object.entries(value)) {
        if (Array.isArray(child)) for (const item of child) keep(key.replace(/s$/, ''), item);
        else keep(key, child);
        if (child && typeof child === 'object') stack.push(child);
      }
    }
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { all: sorted(all), byKey: Object.fromEntries(Object.entries(byKey).map(([k, v]) => [k, sorted(v)])) };
}

/** Files to attach: real images, an oversize one, things that only claim to be images, hostile archives and workbooks. */
async function sampleFiles(): Promise<FileSamples> {
  const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', size = 24) =>
    sharp({ create: { width: size, height: size, channels: 3, background: '#3366cc' } })
      [format]()
      .toBuffer();
  const png = await image('png');
  // A PNG header declaring 50000 x 50000 pixels in a few bytes (decompression bomb).
  const flood = Buffer.from(png);
  flood.writeUInt32BE(50_000, 16);
  flood.writeUInt32BE(50_000, 20);
  const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return {
    png: { filename: 'a.png', type: 'image/png', content: png },
    jpeg: { filename: 'b.jpg', type: 'image/jpeg', content: await image('jpeg') },
    webp: { filename: 'c.webp', type: 'image/webp', content: await image('webp') },
    gif: { filename: 'd.gif', type: 'image/gif', content: await image('gif') },
    oversize: {
      filename: 'big.png',
      type: 'image/png',
      content: big.length > FUZZ_UPLOAD_MAX_BYTES ? big : Buffer.concat([big, Buffer.alloc(FUZZ_UPLOAD_MAX_BYTES)]),
    },
    truncated: { filename: 'cut.png', type: 'image/png', content: png.subarray(0, Math.floor(png.length / 2)) },
    flood: { filename: 'flood.png', type: 'image/png', content: flood },
    html: { filename: 'x.png', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') },
    svg: { filename: 'x.svg', type: 'image/svg+xml', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
    empty: { filename: 'empty.png', type: 'image/png', content: Buffer.alloc(0) },
    noise: {
      filename: 'noise.bin',
      type: 'application/octet-stream',
      content: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)),
    },
    ...hostileArchiveSamples(),
    // Images whose metadata (GPS, camera) and trailing bytes (HTML after the PNG end) must not be stored as sent (issue 14 s.5).
    zipExifAndTrailing: {
      filename: 'photos.zip',
      type: 'application/zip',
      content: rawZip([
        { name: 'holiday.jpg', data: await jpegWithGps() },
        { name: 'page.png', data: await pngWithTrailingHtml() },
      ]),
    },
  };
}
