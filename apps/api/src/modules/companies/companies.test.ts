import type { Company } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import {
  allListRows,
  auditRows,
  createUser,
  multipart,
  parseCsv,
  pdfText,
  pixelFloodPng,
  png,
  storedFiles,
  xlsxRows,
} from '../users/users.testing.js';

const MAX_BYTES = 200_000;
let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: MAX_BYTES });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

type List = { data: Company[]; total: number; totalPages: number };
let seq = 0;
const uniqueName = (prefix = 'Company') => `${prefix} ${Date.now().toString(36)}-${++seq}`;

function add(s: TestSession, fields: Record<string, string | undefined>, logo?: Buffer, filename = 'logo.png') {
  return t.as(s, {
    method: 'POST',
    url: '/api/companies/add',
    ...multipart(fields, logo ? [{ name: 'logo', filename, content: logo }] : []),
  });
}
function update(s: TestSession, id: number, fields: Record<string, string | undefined>, logo?: Buffer) {
  return t.as(s, {
    method: 'PATCH',
    url: `/api/companies/update/${id}`,
    ...multipart(fields, logo ? [{ name: 'logo', filename: 'new.png', content: logo }] : []),
  });
}

describe('GET /companies', () => {
  it('answers the list shape, searches, sorts and pages', async () => {
    const res = await t.as(admin, { url: '/api/companies' });
    expect(res.statusCode).toBe(200);
    const body = res.json<List>();
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.totalPages).toBe(Math.ceil(body.total / 10));
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      userCount: expect.any(Number),
      status: expect.any(String),
    });

    const found = (await t.as(admin, { url: '/api/companies?search=northwind' })).json<List>();
    expect(found.data.map((c) => c.name)).toEqual(['Northwind Devices']);
    const acme = (await t.as(admin, { url: '/api/companies?search=acme' })).json<List>();
    expect(acme.data[0]!.userCount).toBe(2); // manager and guest

    const sorted = (await t.as(admin, { url: '/api/companies?sortField=name:asc&sortOrder=desc&limit=100' })).json<List>();
    const names = sorted.data.map((c) => c.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('accepts limit=1000 for the dropdown; refuses more, and unknown sort fields, with field errors', async () => {
    expect((await t.as(admin, { url: '/api/companies?limit=1000' })).statusCode).toBe(200);
    const big = await t.as(admin, { url: '/api/companies?limit=1001' });
    expect(big.statusCode).toBe(400);
    expect(big.json().fieldErrors).toHaveProperty('limit');
    const bad = await t.as(admin, { url: '/api/companies?sortField=logo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { sortField: expect.stringContaining('Sortable fields: id, name') },
    });
    const page = await t.as(admin, { url: '/api/companies?page=0' });
    expect(page.statusCode).toBe(400);
    expect(page.json().fieldErrors).toHaveProperty('page');
  });
});

describe('POST /companies/add', () => {
  it('adds a company with a logo: message, logo and data; the logo and its thumbnail are served to signed-in callers', async () => {
    const name = uniqueName('Logo Co');
    const res = await add(
      admin,
      { name, email: 'Hi@Logo.example', phone: '+1 555 0101', website: 'https://logo.example', address: '1 Road', status: 'active' },
      await png(300, 200),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; logo: string; data: Company }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Company added successfully',
      data: { name, email: 'Hi@Logo.example', userCount: 0, status: 'active' },
    });
    expect(body.logo).toMatch(/^companies\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(body.data.logo).toBe(body.logo);

    const file = await t.as(admin, { url: `/api/files/${body.logo}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename=".+\.png"$/);
    const thumb = await t.as(admin, { url: `/api/files/${body.logo}?thumb=1` });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await t.inject({ url: `/api/files/${body.logo}` })).statusCode).toBe(401);

    const audit = (await auditRows(t, 'create', 'company'))[0]!;
    expect(audit).toMatchObject({ entityId: String(body.data.id), actorId: admin.userId });
    expect(audit.after).toMatchObject({ name });
  });

  it('adds without a logo (JSON bodies work too); an empty file input counts as no file', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/companies/add', payload: { name: uniqueName('Json Co') } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, logo: null, data: { status: 'active', email: null } });
    const empty = await t.as(admin, {
      method: 'POST',
      url: '/api/companies/add',
      ...multipart({ name: uniqueName('Empty file Co') }, [{ name: 'logo', filename: '', content: Buffer.alloc(0) }]),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().logo).toBeNull();
  });

  it.each([
    [{}, 'name', 'Company name is required'],
    [{ name: '   ' }, 'name', 'Company name is required'],
    [{ name: 'x'.repeat(151) }, 'name', 'Company name must be at most 150 characters'],
    [{ name: 'Ok', email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ name: 'Ok', phone: 'call me' }, 'phone', 'Enter a valid phone number'],
    [{ name: 'Ok', website: 'ftp://x.example' }, 'website', 'Enter a web address starting with http:// or https://'],
    [{ name: 'Ok', address: 'a'.repeat(501) }, 'address', 'Must be at most 500 characters'],
    [{ name: 'Ok', status: 'archived' }, 'status', 'Choose active or inactive'],
  ])('refuses %j with fieldErrors.%s', async (fields, key, message) => {
    const res = await add(admin, fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { [key]: message } });
  });

  it('refuses a duplicate name whatever its case with 409 fieldErrors.name', async () => {
    const res = await add(admin, { name: 'ACME MEDIA' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { name: 'A company with this name already exists' } });
  });

  it('a file in another field is refused', async () => {
    const res = t.as(admin, {
      method: 'POST',
      url: '/api/companies/add',
      ...multipart({ name: uniqueName() }, [{ name: 'other', filename: 'a.png', content: await png() }]),
    });
    const r = await res;
    expect(r.statusCode).toBe(400);
    expect(r.json().fieldErrors).toHaveProperty('other');
  });
});

describe('upload rejections through the real route leave nothing in storage', () => {
  it.each([
    ['oversize (413)', async () => Buffer.concat([await png(), Buffer.alloc(MAX_BYTES + 10_000, 7)]), 'big.png', 413, 'PAYLOAD_TOO_LARGE'],
    ['text named .png (415)', async () => Buffer.from('hello, not an image'), 'fake.png', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['HTML (415)', async () => Buffer.from('<html><script>alert(1)</script></html>'), 'x.html', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'SVG (415)',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'x.svg',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['pixel flood (413)', async () => pixelFloodPng(), 'flood.png', 413, 'PAYLOAD_TOO_LARGE'],
  ])('%s', async (_label, content, filename, status, code) => {
    const before = await storedFiles(t);
    const name = uniqueName('Rejected');
    const res = await add(admin, { name }, await content(), filename);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(await storedFiles(t)).toEqual(before);
    expect((await t.as(admin, { url: `/api/companies?search=${encodeURIComponent(name)}` })).json<List>().total).toBe(0);
  });

  it('path tricks in the file name never reach the storage key', async () => {
    const before = await storedFiles(t);
    const res = await add(admin, { name: uniqueName('Tricky') }, await png(), '../../../etc/passwd\\..\\x.png');
    expect(res.statusCode).toBe(200);
    const key = res.json().logo as string;
    expect(key).toMatch(/^companies\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const after = await storedFiles(t);
    expect(after.filter((f) => !before.includes(f)).sort()).toEqual([key, key.replace(/\.png$/, '.thumb.webp')].sort());
  });

  it('/files refuses traversal, unknown keys and private folders', async () => {
    // Encoded separators reach the handler decoded and are refused by the key check.
    for (const url of ['/api/files/companies%2F..%2F..%2Fsecret.png', '/api/files/companies%5C..%5Cx.png', '/api/files/profile/%2Eenv']) {
      const res = await t.as(admin, { url });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'VALIDATION']);
    }
    // Plain dot segments are resolved by the router before any handler sees them.
    expect((await t.as(admin, { url: '/api/files/companies/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.as(admin, { url: '/api/files/companies/2020/01/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
    expect((await t.as(admin, { url: '/api/files/bulk-uploads/2020/01/x.csv' })).statusCode).toBe(404);
  });
});

describe('PATCH /companies/update/:id', () => {
  it('replaces the logo and deletes the old file after the change; removeLogo drops it', async () => {
    const created = (await add(admin, { name: uniqueName('Replace') }, await png())).json<{ logo: string; data: Company }>();
    const res = await update(
      admin,
      created.data.id,
      { name: created.data.name, phone: '+44 1234 5678', status: 'inactive' },
      await png(80, 80, '#ff0000'),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; logo: string; data: Company }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Company updated successfully',
      data: { phone: '+44 1234 5678', status: 'inactive' },
    });
    expect(body.logo).not.toBe(created.logo);
    const files = await storedFiles(t);
    expect(files).toContain(body.logo);
    expect(files).not.toContain(created.logo);
    expect(files).not.toContain(created.logo.replace(/\.png$/, '.thumb.webp'));

    const kept = await update(admin, created.data.id, { name: created.data.name });
    expect(kept.json().logo).toBe(body.logo);
    const removed = await update(admin, created.data.id, { name: created.data.name, removeLogo: 'true' });
    expect(removed.json()).toMatchObject({ logo: null, data: { logo: null } });
    expect(await storedFiles(t)).not.toContain(body.logo);

    const audit = (await auditRows(t, 'update', 'company')).find((a) => a.entityId === String(created.data.id))!;
    expect(audit.before).toMatchObject({ logo: body.logo });
    expect(audit.after).toMatchObject({ logo: null });
  });

  it("keeps the logo's original file name beside its generated key: set on upload, kept on edit, replaced, dropped", async () => {
    const created = (await add(admin, { name: uniqueName('Named logo') }, await png(), 'Acme Logo (final).png')).json<{ data: Company }>()
      .data;
    expect(created.logo).toMatch(/[0-9a-f-]{36}\.png$/);
    expect(created.logoName).toBe('Acme Logo (final).png');
    const kept = await update(admin, created.id, { name: created.name, phone: '+1 555 0199' });
    expect(kept.json<{ data: Company }>().data).toMatchObject({ logo: created.logo, logoName: 'Acme Logo (final).png' });
    const listed = (await t.as(admin, { url: `/api/companies?search=${encodeURIComponent(created.name)}` })).json<List>().data[0];
    expect(listed).toMatchObject({ id: created.id, logoName: 'Acme Logo (final).png' });
    const replaced = (await update(admin, created.id, { name: created.name }, await png(40, 40))).json<{ data: Company }>().data;
    expect(replaced.logoName).toBe('new.png');
    const removed = (await update(admin, created.id, { name: created.name, removeLogo: 'true' })).json<{ data: Company }>().data;
    expect(removed).toMatchObject({ logo: null, logoName: null });
    const plain = (await add(admin, { name: uniqueName('No logo') })).json<{ data: Company }>().data;
    expect(plain.logoName).toBeNull();
  });

  it('answers 404 for an unknown id, 409 for a name taken by another company, 400 for bad fields', async () => {
    const missing = await update(admin, 999_999, { name: uniqueName() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const created = (await add(admin, { name: uniqueName('Taken') })).json<{ data: Company }>();
    const clash = await update(admin, created.data.id, { name: 'northwind devices' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ name: 'A company with this name already exists' });
    // Renaming to its own name in another case is fine.
    expect((await update(admin, created.data.id, { name: created.data.name.toUpperCase() })).statusCode).toBe(200);
    const bad = await update(admin, created.data.id, { name: 'Ok', email: 'x@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ email: 'Invalid email address' });
    expect((await t.as(admin, { method: 'PATCH', url: '/api/companies/update/abc', payload: { name: 'x' } })).statusCode).toBe(400);
  });
});

describe('DELETE /companies/delete/:id', () => {
  it('refuses while users belong to it (409, clear message), deletes otherwise with its logo', async () => {
    const created = (await add(admin, { name: uniqueName('Doomed') }, await png())).json<{ logo: string; data: Company }>();
    const user = await createUser(t, 4, { companyId: created.data.id });
    const blocked = await t.as(admin, { method: 'DELETE', url: `/api/companies/delete/${created.data.id}` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('This company still has 1 user or client. Move it to another company or delete it first.');

    await t.app.db.execute(sql`delete from users where id = ${user.id}`);
    const res = await t.as(admin, { method: 'DELETE', url: `/api/companies/delete/${created.data.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Company deleted successfully' });
    expect(await storedFiles(t)).not.toContain(created.logo);
    expect((await auditRows(t, 'delete', 'company'))[0]).toMatchObject({
      entityId: String(created.data.id),
      before: { name: created.data.name },
    });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/companies/delete/${created.data.id}` })).statusCode).toBe(404);
  });
});

describe('GET /companies/export/:format', () => {
  beforeAll(async () => {
    await t.app.db.insert(companies).values([
      { name: '=HYPERLINK("http://evil.example","click")', email: '+cmd@example.com' },
      ...Array.from({ length: 620 }, (_, i) => ({
        name: `Bulk company ${String(i).padStart(4, '0')}`,
        status: (i % 3 ? 'active' : 'inactive') as 'active' | 'inactive',
      })),
    ]);
  });

  it("CSV holds exactly the list query's rows (all pages), in order, with the formula guard", async () => {
    const query = 'sortField=name&sortOrder=desc&search=company';
    const listed = await allListRows<Company>(t, admin, `/api/companies?${query}`);
    expect(listed.length).toBeGreaterThan(500);
    const res = await t.as(admin, { url: `/api/companies/export/csv?${query}&page=3&limit=10` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="companies-\d{8}-\d{6}\.csv"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['ID', 'Name', 'E-mail', 'Phone', 'Website', 'Address', 'Status', 'Users', 'Created']);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((c) => c.id));
    expect(rows.map((r) => r[1])).toEqual(listed.map((c) => c.name));

    const all = parseCsv((await t.as(admin, { url: '/api/companies/export/csv?search=evil' })).body);
    expect(all[1]![1]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(all[1]![2]).toBe("'+cmd@example.com");
  });

  it('XLSX holds the same rows; PDF text shows them; each export is audited', async () => {
    const query = 'sortField=userCount&sortOrder=asc&status=active';
    const listed = await allListRows<Company>(t, admin, `/api/companies?${query}`);
    const before = (await auditRows(t, 'export', 'company')).length;
    const xlsx = await t.as(admin, { url: `/api/companies/export/excel?${query}` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const [header, ...rows] = await xlsxRows(xlsx.rawPayload);
    expect(header![1]).toBe('Name');
    expect(listed.every((c) => c.status === 'active')).toBe(true);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((c) => c.id));
    // XLSX cells are text as typed (no quote): exceljs writes them as strings, never formulas (a
    // formula cell would read back as an object, not as this text). Only CSV needs the guard.
    expect(rows.map((r) => r[1])).toEqual(listed.map((c) => c.name));

    const pdf = await t.as(admin, { url: '/api/companies/export/pdf?search=northwind' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Companies');
    expect(text).toContain('Northwind Devices');
    expect(text).not.toContain('Acme Media');

    const audits = await auditRows(t, 'export', 'company');
    expect(audits.length).toBe(before + 2);
    expect(audits[0]).toMatchObject({ actorId: admin.userId, after: { format: 'pdf', query: { search: 'northwind' } } });
    expect(audits[1]!.after).toMatchObject({ format: 'excel', query: { sortField: 'userCount', sortOrder: 'asc' } });
  });

  it('refuses an unknown format or time zone', async () => {
    expect((await t.as(admin, { url: '/api/companies/export/docx' })).statusCode).toBe(400);
    const tz = await t.as(admin, { url: '/api/companies/export/csv?timeZone=Mars/Base' });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().fieldErrors).toHaveProperty('timeZone');
  });
});
