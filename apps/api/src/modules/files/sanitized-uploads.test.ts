import { IMAGE_PIXEL_LIMITS, UPLOAD_MESSAGES } from '@console/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifJsPolyglot, jpegWithGps, leaks, NO_LEAKS, pngWithTrailingHtml, POLYGLOT_SCRIPT } from '../../lib/uploads/testing.js';
import { clients, companies, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { filePart, uploadParts, waitFinished, zipOf } from '../bulk-uploads/bulk-uploads.testing.js';
import { multipart, pixelFloodPng, storedFiles } from '../users/users.testing.js';

// Every route that takes an image stores a re-encoded copy: what /files serves never carries the
// uploader's metadata or trailing bytes (issue 6 s.4). And an image with more pixels than its use
// allows is refused from its header, before any decode.
let t: TestApp;
let admin: TestSession;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

// What the three upload routes answer, as far as the test reads it (users: data.profile, companies: logo).
type UploadAnswer = { data: { profile: string }; logo: string };
type Route = {
  name: string;
  send: (content: Buffer, filename: string) => Promise<{ statusCode: number; json: () => UploadAnswer }>;
  key: (body: UploadAnswer) => string;
  limit: number;
};
const routes: Route[] = [
  {
    name: 'users add (avatar)',
    send: (content, filename) =>
      t.as(admin, {
        method: 'POST',
        url: '/api/users/add',
        ...multipart(
          {
            firstname: 'Ima',
            lastname: 'Ge',
            email: `image.${Date.now().toString(36)}.${++seq}@example.com`,
            roleId: '2',
            companyId: '1',
            status: 'active',
            password: 'Brand-New-Pass-61',
            primaryColor: '#112233',
            secondaryColor: '#445566',
            twoFactorEnabled: 'false',
          },
          [{ name: 'profile', filename, content }],
        ),
      }),
    key: (body) => body.data.profile,
    limit: IMAGE_PIXEL_LIMITS.avatar,
  },
  {
    name: 'companies add (logo)',
    send: (content, filename) =>
      t.as(admin, {
        method: 'POST',
        url: '/api/companies/add',
        ...multipart({ name: `Image Co ${Date.now().toString(36)}-${++seq}` }, [{ name: 'logo', filename, content }]),
      }),
    key: (body) => body.logo,
    limit: IMAGE_PIXEL_LIMITS.logo,
  },
  {
    name: 'about update (own profile image)',
    send: (content, filename) =>
      t.as(admin, {
        method: 'PATCH',
        url: `/api/about/update/${admin.userId}`,
        ...multipart({ firstname: 'Ada', lastname: 'Admin', primaryColor: '#143f6f', secondaryColor: '#0d97fd' }, [
          { name: 'profile', filename, content },
        ]),
      }),
    key: (body) => body.data.profile,
    limit: IMAGE_PIXEL_LIMITS.avatar,
  },
];

async function served(route: Route, content: Buffer, filename: string) {
  const res = await route.send(content, filename);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  const file = await t.as(admin, { url: `/api/files/${route.key(res.json())}` });
  expect(file.statusCode).toBe(200);
  return { body: file.rawPayload, type: file.headers['content-type'] };
}

describe.each(routes)('$name', (route) => {
  it('serves a JPEG without its EXIF (GPS, camera), turned upright', async () => {
    const { body, type } = await served(route, await jpegWithGps(), 'holiday.jpg');
    expect(type).toBe('image/jpeg');
    expect(await leaks(body)).toEqual(NO_LEAKS);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height]).toEqual([40, 60]);
  });

  it('serves a PNG without the HTML glued after it', async () => {
    const { body, type } = await served(route, await pngWithTrailingHtml(), 'page.png');
    expect(type).toBe('image/png');
    expect(await leaks(body)).toEqual(NO_LEAKS);
    expect(body.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  it('serves a GIF/JS polyglot without its script', async () => {
    const { body, type } = await served(route, await gifJsPolyglot(), 'poly.gif');
    expect(type).toBe('image/gif');
    expect(body.toString('latin1')).not.toContain(POLYGLOT_SCRIPT);
    expect(body.at(-1)).toBe(0x3b);
  });

  it('refuses a 6000 x 6000 PNG (small file, 36 Mpx) from its header with 413 and the contract message, storing nothing', async () => {
    const flood = pixelFloodPng(6000, 6000);
    expect(flood.length).toBeLessThan(50_000);
    const before = await storedFiles(t);
    const res = await route.send(flood, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MESSAGES.tooManyPixels(route.limit, 6000, 6000),
    });
    expect(await storedFiles(t)).toEqual(before);
  });
});

// Issue 14 s.5: bulk uploads (archive entries and plain parts) store images the same way: re-encoded.
describe('bulk media upload', () => {
  it('stores archive entries and plain parts without EXIF (GPS, camera) or bytes after the image end', async () => {
    const [company] = await t.app.db.insert(companies).values({ name: 'Bulk Clean Co' }).returning();
    const [client] = await t.app.db.insert(clients).values({ name: 'Bulk clean', companyId: company!.id, type: 'demo' }).returning();
    const res = await uploadParts(t, admin, 'demo-media', { clientId: client!.id }, [
      filePart(
        'pack.zip',
        await zipOf([
          { name: 'holiday.jpg', data: await jpegWithGps() },
          { name: 'page.png', data: await pngWithTrailingHtml() },
        ]),
      ),
      filePart('poly.gif', await gifJsPolyglot()),
    ]);
    expect(res.statusCode).toBe(202);
    for (const row of res.json().data as { id: number }[]) expect((await waitFinished(t, row.id)).status).toBe('completed');
    const rows = await t.app.db.select().from(media).where(eq(media.clientId, client!.id));
    expect(rows.map((r) => r.fileName).sort()).toEqual(['holiday.jpg', 'page.png', 'poly.gif']);
    for (const row of rows) {
      const file = await t.as(admin, { url: `/api/files/${row.file}` });
      expect(file.statusCode).toBe(200);
      expect(await leaks(file.rawPayload), row.fileName ?? '').toEqual(NO_LEAKS);
      expect(file.rawPayload.toString('latin1')).not.toContain(POLYGLOT_SCRIPT);
      expect(file.rawPayload.toString('latin1')).not.toContain('<script>');
      // The row describes what is stored, not what was sent.
      expect(row.size).toBe(file.rawPayload.length);
    }
    const jpeg = rows.find((r) => r.fileName === 'holiday.jpg')!;
    expect([jpeg.width, jpeg.height]).toEqual([40, 60]); // turned upright like a form upload
  });
});
