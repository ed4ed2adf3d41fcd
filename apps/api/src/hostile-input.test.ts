import { randomBytes } from 'node:crypto';
// Regressions of issue 6 s.3: inputs that used to answer 500 (or leave the error shape) must
// answer a 4xx in `{success:false, message, code}` and leave nothing behind.
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkUploadKind } from '@console/contract';
import { eq } from 'drizzle-orm';
import { bulkUploadItems, clients, companies, media } from './db/schema/index.js';
import { emptyEntries, type RawEntry, rawZip, wav, workbookParts } from './lib/bulk/testing.js';
import { filePart, uploadParts, waitFinished } from './modules/bulk-uploads/bulk-uploads.testing.js';
import { createTestApp, type TestApp, type TestSession } from './test/test-app.js';
import { multipart, png, storedFiles } from './modules/users/users.testing.js';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const errorShape = { success: false, message: expect.any(String), code: expect.any(String) };

/** The body is the error shape, with only the known keys, and echoes none of `echo`. */
function expectErrorShape(res: { statusCode: number; body: string }, status: number | number[], echo: string[] = []) {
  expect([status].flat()).toContain(res.statusCode);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toMatchObject(errorShape);
  // Sign-in routes add the spec's two login fields to every answer.
  const known = ['success', 'message', 'code', 'fieldErrors', 'responseType', 'loginType'];
  expect(Object.keys(body).filter((k) => !known.includes(k))).toEqual([]);
  for (const e of echo) expect(res.body).not.toContain(e);
  return body as { message: string; code: string; fieldErrors?: Record<string, string> };
}

const NUL = 'a\u0000b';

describe('NUL characters never reach PostgreSQL', () => {
  it.each([
    ['POST', '/api/auth/login', { email: `${NUL}@example.test`, password: 'Whatever-Pass-1' }, 'email'],
    ['POST', '/api/auth/request-password', { email: `${NUL}@example.test` }, 'email'],
    ['POST', '/api/auth/reset-password', { resetToken: NUL, newPassword: 'Whatever-Pass-1' }, 'resetToken'],
    ['POST', '/api/auth/otp/resend', { token: NUL }, 'token'],
  ])('anonymous %s %s answers 400 naming the field', async (method, url, payload, field) => {
    const res = await t.inject({ method: method as 'POST', url, payload });
    const body = expectErrorShape(res, 400);
    expect(body.fieldErrors?.[field]).toMatch(/NUL/);
  });

  it('GET /auth/get-token/{id} with a NUL answers 400', async () => {
    expectErrorShape(await t.inject({ url: '/api/auth/get-token/a%00b' }), 400);
  });

  it.each(['/api/users', '/api/companies', '/api/roles', '/api/user-sessions', '/api/user-activity', '/api/permissions'])(
    'search on %s answers 400',
    async (url) => {
      const res = await t.as(admin, { url: `${url}?search=${encodeURIComponent(NUL)}` });
      expect(expectErrorShape(res, 400).fieldErrors?.search).toMatch(/NUL/);
    },
  );

  it('names, descriptions and activity fields (also nested, also as object keys) answer 400', async () => {
    const role = await t.as(admin, { method: 'POST', url: '/api/roles/add', payload: { name: NUL, description: 'x' } });
    expect(expectErrorShape(role, 400).fieldErrors?.name).toMatch(/NUL/);
    const desc = await t.as(admin, { method: 'POST', url: '/api/roles/add', payload: { name: 'Fine', description: NUL } });
    expect(expectErrorShape(desc, 400).fieldErrors?.description).toMatch(/NUL/);
    for (const payload of [
      { slug: NUL },
      { slug: '/x', description: NUL },
      { slug: '/x', request: { deep: [{ value: NUL }] } },
      { slug: '/x', request: { [NUL]: 1 } },
    ]) {
      const res = await t.as(admin, { method: 'POST', url: '/api/auth/user-activity/add', payload });
      expectErrorShape(res, 400);
    }
    const company = await t.as(admin, { method: 'POST', url: '/api/companies/add', ...multipart({ name: NUL }) });
    expect(expectErrorShape(company, 400).fieldErrors?.name).toMatch(/NUL/);
  });

  it('module and slug parameters answer 400', async () => {
    expectErrorShape(await t.as(admin, { url: `/api/menus/1?module=${encodeURIComponent(NUL)}` }), 400);
    expectErrorShape(await t.as(admin, { url: '/api/menus/list/a%00b' }), 400);
  });

  it('a NUL in a multipart field name is refused too', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/companies/add', ...multipart({ name: 'Fine', [NUL]: 'x' }) });
    expectErrorShape(res, 400);
  });
});

describe('ids beyond int4 are refused by validation', () => {
  const big = '2147483648';
  it.each([
    ['GET', `/api/about/${big}`],
    ['GET', `/api/users?roleId=${big}`],
    ['GET', `/api/users?companyId=${big}`],
    ['GET', `/api/user-sessions?userId=${big}`],
    ['GET', `/api/user-activity?userId=${big}`],
    ['GET', `/api/permissions?moduleId=${big}`],
    ['GET', `/api/permissions/${big}`],
    ['GET', `/api/module-permissions?roleId=${big}`],
    ['GET', `/api/role-permissions/${big}`],
    ['GET', `/api/roles/${big}/grants`],
    ['DELETE', `/api/users/delete/${big}`],
    ['DELETE', `/api/companies/delete/${big}`],
    ['DELETE', `/api/roles/delete/${big}`],
    ['PATCH', `/api/users/${big}/regenerate-api-key`],
    ['GET', '/api/users?page=2147483648'],
    ['GET', '/api/about/-1'],
    ['GET', '/api/about/1.5'],
    ['GET', '/api/about/NaN'],
    ['GET', '/api/about/1e400'],
    ['GET', '/api/about/9007199254740993'],
  ])('%s %s answers 400', async (method, url) => {
    expectErrorShape(await t.as(admin, { method: method as 'GET', url }), 400);
  });

  it.each([
    ['/api/module-permissions/add', { roleId: 2147483648, moduleIds: [] }],
    ['/api/module-permissions/add', { roleId: 2, moduleIds: [2147483648] }],
    ['/api/permissions/add', { roleId: 2, menuIds: [2147483648], roleKeys: [] }],
  ])('POST %s with %j answers 400', async (url, payload) => {
    expectErrorShape(await t.as(admin, { method: 'POST', url, payload }), 400);
  });

  it('PUT /roles/{id}/grants with a huge menu id answers 400', async () => {
    const res = await t.as(admin, {
      method: 'PUT',
      url: '/api/roles/2/grants',
      payload: { moduleIds: [], menuIds: [2147483648], roleKeys: [] },
    });
    expectErrorShape(res, 400);
  });

  it('the largest int4 id is valid and simply not found', async () => {
    expectErrorShape(await t.as(admin, { url: '/api/about/2147483647' }), 404);
    expect((await t.as(admin, { url: '/api/users?roleId=2147483647' })).json()).toMatchObject({ total: 0 });
  });

  it('multipart ids are bounded too (roleId / companyId of a user form)', async () => {
    const fields = { firstname: 'A', lastname: 'B', email: 'big-id@example.com', password: 'Valid-Pass-1234', roleId: '2147483648' };
    const res = await t.as(admin, { method: 'POST', url: '/api/users/add', ...multipart(fields) });
    expect(expectErrorShape(res, 400).fieldErrors?.roleId).toBeDefined();
    const res2 = await t.as(admin, {
      method: 'POST',
      url: '/api/users/add',
      ...multipart({ ...fields, roleId: '2', companyId: '2147483648' }),
    });
    expect(expectErrorShape(res2, 400).fieldErrors?.companyId).toBeDefined();
  });
});

describe('malformed multipart answers 4xx and leaves no temp file', () => {
  const boundary = '----hostile';
  const head = (name: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: image/png\r\n' : ''}\r\n`;

  const cases: [string, string, Buffer | string][] = [
    ['no boundary', 'multipart/form-data', `${head('name')}Acme\r\n--${boundary}--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${head('name')}Acme\r\n--${boundary}--\r\n`],
    ['a boundary that never occurs', `multipart/form-data; boundary=nope`, `${head('name')}Acme\r\n--${boundary}--\r\n`],
    ['truncated after a field', `multipart/form-data; boundary=${boundary}`, `${head('name')}Acme\r\n--${boundary}\r\nContent-Dispo`],
    ['cut mid-file', `multipart/form-data; boundary=${boundary}`, ''],
    ['cut mid-headers', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-da`],
    ['an empty body', `multipart/form-data; boundary=${boundary}`, ''],
    ['garbage', `multipart/form-data; boundary=${boundary}`, Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x02])],
    [
      'a part without a name',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
    ],
  ];

  const routes = (): [string, 'POST' | 'PATCH', string][] => [
    ['users add', 'POST', '/api/users/add'],
    ['users update', 'PATCH', '/api/users/update/3'],
    ['companies add', 'POST', '/api/companies/add'],
    ['companies update', 'PATCH', '/api/companies/update/1'],
    ['about update', 'PATCH', `/api/about/update/${admin.userId}`],
  ];

  it.each(cases)('%s on every form route', async (_name, contentType, raw) => {
    let payload: Buffer | string = raw;
    if (_name === 'cut mid-file') {
      const image = await png(64, 64);
      payload = Buffer.concat([Buffer.from(`${head('name')}Acme\r\n${head('logo', 'a.png')}`), image.subarray(0, image.length / 2)]);
    }
    for (const [label, method, url] of routes()) {
      const res = await t.as(admin, { method, url, payload, headers: { 'content-type': contentType } });
      const body = expectErrorShape(res, [400, 413]);
      expect(body.code, label).toMatch(/VALIDATION|PAYLOAD_TOO_LARGE/);
      expect(await readdir(t.app.uploadTempDir), label).toEqual([]);
    }
  });

  it('a field longer than the form limit is refused, not silently cut short', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/companies/add',
      ...multipart({ name: 'Long', address: 'x'.repeat(20_000) }),
    });
    expect(expectErrorShape(res, 413).fieldErrors?.address).toBeDefined();
  });

  it('a file cut off inside its part over a real socket answers 400 and removes the temp file', async () => {
    const image = await png(300, 300);
    const body = Buffer.concat([Buffer.from(head('profile', 'a.png')), image.subarray(0, Math.floor(image.length / 2))]);
    const res = await rawRequest(t, {
      method: 'PATCH',
      path: `/api/about/update/${admin.userId}`,
      headers: {
        authorization: `Bearer ${admin.token}`,
        'x-xsrf-token': admin.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject(errorShape);
    expect(await readdir(t.app.uploadTempDir)).toEqual([]);
  });
});

describe('OpenAPI request bodies of the multipart routes', () => {
  it.each([
    ['post', '/api/users/add', 'profile', ['firstname', 'lastname', 'email', 'password', 'roleId']],
    ['patch', '/api/users/update/{id}', 'profile', ['firstname', 'lastname', 'email', 'roleId']],
    ['post', '/api/companies/add', 'logo', ['name']],
    ['patch', '/api/companies/update/{id}', 'logo', ['name']],
    ['patch', '/api/about/update/{id}', 'profile', ['firstname', 'lastname']],
  ])('%s %s documents multipart (fields + binary %s) and JSON', async (method, path, fileField, required) => {
    type Body = { properties: Record<string, { type?: string; format?: string }>; required?: string[] };
    const doc = (await t.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Body }> } }>>;
    }>();
    const content = doc.paths[path]?.[method]?.requestBody?.content;
    expect(Object.keys(content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    const form = content!['multipart/form-data']!.schema;
    expect(form.properties[fileField]).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(expect.arrayContaining(required));
    const json = content!['application/json']!.schema;
    expect(json.properties[fileField]).toBeUndefined();
    expect(Object.keys(json.properties).sort()).toEqual(
      Object.keys(form.properties)
        .filter((k) => k !== fileField)
        .sort(),
    );
  });
});

describe('exports validate before the first byte', () => {
  it.each(['csv', 'excel', 'pdf'])('%s with an out-of-range filter answers 400 in the error shape', async (format) => {
    const res = await t.as(admin, { url: `/api/users/export/${format}?roleId=2147483648` });
    expectErrorShape(res, 400);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('an unknown sort field answers 400 before any byte (the query is started first)', async () => {
    const res = await t.as(admin, { url: '/api/users/export/csv?sortField=nope' });
    expect(expectErrorShape(res, 400).fieldErrors?.sortField).toBeDefined();
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});

describe("Fastify's own errors keep the error shape", () => {
  it('a malformed URL answers 400 without echoing it', async () => {
    const res = await t.inject({ url: '/api/about/%zz' });
    const body = expectErrorShape(res, 400, ['%zz', '/api/about']);
    expect(body.code).toBe('VALIDATION');
  });

  it('unknown /api routes answer 404 in the shape, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH'] as const) {
      expectErrorShape(await t.inject({ method, url: '/api/no-such-route/x<script>' }), 404, ['<script>']);
    }
  });

  it.each([
    ['a body of the wrong content type', 415, { 'content-type': 'text/xml' }, '<a/>'],
    ['a JSON body that does not parse', 400, { 'content-type': 'application/json' }, '{"email":'],
    ['a JSON body with a charset other than UTF-8', 400, { 'content-type': 'application/json; charset=latin1' }, '{}'],
    ['a JSON body that is a string', 400, { 'content-type': 'application/json' }, '"just text"'],
    ['a body over the limit', 413, { 'content-type': 'application/json' }, JSON.stringify({ email: 'x'.repeat(1_100_000) })],
  ] as const)('%s answers %i', async (_n, status, headers, payload) => {
    expectErrorShape(await t.inject({ method: 'POST', url: '/api/auth/login', headers, payload }), status);
  });

  it('a content-length that does not match the body answers 400 over a real socket', async () => {
    // Node closes the connection on a body shorter than announced; a longer one is a parse error.
    const res = await rawRequest(t, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: Buffer.from('{"email":"a@b.c"}'),
    });
    expect(res.status).toBeLessThan(500);
  });

  it('a 20 kB URL answers 431 in the error shape over a real socket', async () => {
    const res = await rawSocket(t, `GET /api/about/1?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res).toMatch(/^HTTP\/1\.1 431 /);
    expect(res).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(res.split('\r\n\r\n')[1] ?? '')).toEqual({ success: false, message: expect.any(String), code: 'HEADERS_TOO_LARGE' });
  });

  it('a request line that is not HTTP answers 400 in the error shape', async () => {
    const res = await rawSocket(t, 'GARBAGE\r\n\r\n');
    expect(res).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(res.split('\r\n\r\n')[1] ?? '')).toMatchObject(errorShape);
  });
});

describe('hostile archives and sheets in bulk uploads (issue 14 s.2-4), with the default limits', () => {
  let clientId: number;
  beforeAll(async () => {
    const [company] = await t.app.db.insert(companies).values({ name: 'Hostile archives Co' }).returning();
    const [client] = await t.app.db.insert(clients).values({ name: 'Hostile archives', companyId: company!.id, type: 'both' }).returning();
    clientId = client!.id;
  });

  /** Uploads one part (and a manifest), waits for the job; the upload as the list shows it, with what it left behind. */
  async function upload(kind: BulkUploadKind, file: Buffer, name: string, manifest?: Buffer) {
    const parts = [filePart(name, file), ...(manifest ? [filePart('manifest.xlsx', manifest, 'manifest')] : [])];
    const res = await uploadParts(t, admin, kind, { clientId }, parts);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ data: { id: number }[] }>().data[0]!.id;
    const row = await waitFinished(t, id);
    const items = await t.app.db.select().from(bulkUploadItems).where(eq(bulkUploadItems.uploadId, id));
    const created = await t.app.db.select().from(media).where(eq(media.uploadId, id));
    const files = (await storedFiles(t)).filter((f) => f.startsWith(`media/bulk/${id}/`) || f.startsWith('tmp:'));
    return { row, items, created, files };
  }
  const refusedWhole = (message: string) => ({
    // Refused whole: one failed item of the part (issue 15 s.3), and nothing in the ledger or storage.
    row: expect.objectContaining({ status: 'failed', error: message, total: 1, failed: 1 }),
    items: [],
    created: [],
    files: [],
  });

  it('a media ZIP of 100,000 empty entries fails whole: no item is created', async () => {
    const zip = rawZip(emptyEntries(100_000));
    expect(await upload('demo-media', zip, 'many.zip')).toEqual(refusedWhole('The archive has more than 1000 entries'));
  });

  it('a media ZIP with 30 kB entry names fails whole', async () => {
    const zip = rawZip(Array.from({ length: 20 }, (_, i) => ({ name: `${i}-${'n'.repeat(30_000)}.png`, data: Buffer.alloc(0) })));
    expect(await upload('demo-media', zip, 'names.zip')).toEqual(refusedWhole('The archive has an entry name longer than 255 bytes'));
  });

  it('a media ZIP of 40 central-directory entries on one stored 1 MB WAV fails whole: nothing is written', async () => {
    const entries: RawEntry[] = [{ name: 'tone.wav', data: wav(1024 * 1024) }];
    for (let i = 1; i < 40; i++) entries.push({ name: `copy-${i}.wav`, data: Buffer.alloc(0), sameAs: 0 });
    expect(await upload('demo-media', rawZip(entries), 'overlap.zip')).toEqual(
      refusedWhole('The archive has overlapping entries (two entries share the same bytes)'),
    );
  });

  it('a media ZIP entry that inflates past its declared size fails as an item and writes nothing', async () => {
    // Noise after the header: the ratio check cannot catch it, only counting the real bytes does.
    const data = Buffer.concat([wav(200_000).subarray(0, 44), randomBytes(200_000 - 44)]);
    const zip = rawZip([{ name: 'liar.wav', data, deflate: true, declaredSize: 50_000 }]);
    const { row, items, created, files } = await upload('demo-media', zip, 'liar.zip');
    expect(row).toMatchObject({ status: 'failed', total: 1, failed: 1 });
    expect(items.map((i) => i.message)).toEqual([expect.stringMatching(/^Unreadable entry \(too many bytes in the stream/)]);
    expect(created).toEqual([]);
    expect(files).toEqual([]);
  });

  it('an XLSX whose shared strings declare 1 kB and inflate past 64 MB fails whole, as a sheet and as a manifest', async () => {
    const parts = workbookParts([
      ['name', 'actionType', 'value'],
      ['Site', 'open-url', 'https://example.com'],
    ]);
    const bomb = Buffer.alloc(65 * 1024 * 1024, ' ');
    const xlsx = rawZip(
      parts.map(([name, xml]) =>
        name === 'xl/sharedStrings.xml'
          ? { name, data: bomb, deflate: true, declaredSize: 1024 }
          : { name, data: Buffer.from(xml), deflate: true },
      ),
    );
    const sheet = await upload('manage-actions', xlsx, 'actions.xlsx');
    expect(sheet.row).toMatchObject({ status: 'failed', error: 'The workbook unpacks to more than 67108864 bytes' });
    expect(sheet.files).toEqual([]);
    const withManifest = await upload('demo-media', wav(2000), 'tone.wav', xlsx);
    expect(withManifest.row).toMatchObject({ status: 'failed', error: 'Manifest: The workbook unpacks to more than 67108864 bytes' });
    expect(withManifest.files).toEqual([]);
  });
});

/** Sends one request over a real socket to a listening copy of the app (inject skips Node's parser). */
async function rawRequest(app: TestApp, req: { method: string; path: string; headers: Record<string, string>; body?: Buffer }) {
  const port = await listening(app);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

async function rawSocket(app: TestApp, text: string) {
  const port = await listening(app);
  const net = await import('node:net');
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}

let port: number | undefined;
async function listening(app: TestApp) {
  if (port) return port;
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as AddressInfo).port;
  return port;
}
