// Test helpers shared by the companies, users, profile and files tests (not loaded by the app).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, desc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { User } from '@console/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { auditLog, rolePermissions, roles, subModules, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { localStorageRoot } from '../../lib/storage/index.js';
import type { TestApp, TestSession } from '../../test/test-app.js';

export const TEST_PASSWORD = 'Matrix-Pass-7719';

/** A role holding exactly `keys` (no modules or menus: the API checks keys only). */
export async function createRole(t: TestApp, name: string, keys: string[]): Promise<number> {
  const [role] = await t.app.db
    .insert(roles)
    .values({ name: `${name} ${randomBytes(3).toString('hex')}` })
    .returning({ id: roles.id });
  if (keys.length) {
    const subs = await t.app.db.select({ id: subModules.id }).from(subModules).where(inArray(subModules.roleKey, keys));
    if (subs.length !== keys.length) throw new Error(`unknown keys in ${keys.join(', ')}`);
    await t.app.db.insert(rolePermissions).values(subs.map((s) => ({ roleId: role!.id, subModuleId: s.id })));
  }
  return role!.id;
}

let hash: Promise<string> | undefined;
export async function createUser(t: TestApp, roleId: number, extra: Partial<typeof users.$inferInsert> = {}) {
  hash ??= hashPassword(TEST_PASSWORD);
  const email = extra.email ?? `u-${randomBytes(5).toString('hex')}@example.com`;
  const [row] = await t.app.db
    .insert(users)
    .values({ roleId, firstname: 'Test', lastname: 'User', email, passwordHash: await hash, ...extra })
    .returning({ id: users.id });
  return { id: row!.id, email, password: TEST_PASSWORD };
}

/** A signed-in user of a new role holding `keys`. */
export async function sessionWithKeys(t: TestApp, keys: string[], name = 'Matrix'): Promise<TestSession & { email: string }> {
  const roleId = await createRole(t, name, keys);
  const u = await createUser(t, roleId);
  return { ...(await t.login({ email: u.email, password: u.password })), email: u.email };
}

export async function userRow(t: TestApp, id: number) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row;
}

export const USER_FORM_PASSWORD = 'Brand-New-Pass-61';
type Form = Record<string, string | undefined>;

/** The users form as the SPA sends it (multipart), for add and edit requests; `app` is read at call time. */
export function userForms(app: () => TestApp) {
  let seq = 0;
  const email = (p = 'new') => `${p}.${Date.now().toString(36)}.${++seq}@example.com`;
  const withImage = (image?: Buffer): FilePart[] => (image ? [{ name: 'profile', filename: 'me.png', content: image }] : []);
  return {
    email,
    fields: (over: Form = {}): Form & { email: string; password: string } => ({
      firstname: 'Nina',
      lastname: 'Newcomer',
      email: email(),
      roleId: '2',
      companyId: '1',
      phone: '+1 555 0199',
      primaryColor: '#112233',
      secondaryColor: '445566',
      status: 'active',
      twoFactorEnabled: 'false',
      password: USER_FORM_PASSWORD,
      ...over,
    }),
    add: (s: TestSession, f: Form, image?: Buffer) =>
      app().as(s, { method: 'POST', url: '/api/users/add', ...multipart(f, withImage(image)) }),
    update: (s: TestSession, id: number, f: Form, image?: Buffer) =>
      app().as(s, { method: 'PATCH', url: `/api/users/update/${id}`, ...multipart(f, withImage(image)) }),
    /** The edit form as the SPA fills it for an existing user (password left empty). */
    editFields: (u: User, over: Form = {}): Form => ({
      firstname: u.firstname,
      lastname: u.lastname,
      email: u.email,
      roleId: String(u.roleId),
      companyId: u.companyId ? String(u.companyId) : '',
      phone: u.phone ?? '',
      primaryColor: u.primaryColor,
      secondaryColor: u.secondaryColor,
      status: u.status,
      twoFactorEnabled: String(u.twoFactorEnabled),
      password: '',
      ...over,
    }),
  };
}

export type FilePart = { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string | number | boolean | null | undefined>, files: FilePart[] = []) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v ?? ''}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  } satisfies Partial<InjectOptions>;
}

export const png = (width = 64, height = 48, background = '#0d97fd') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Every file in the local store and the upload temp dir (dot-folders of the driver excluded). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = localStorageRoot(t.app.config.dataDir);
  const stored = (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .filter((p) => !p.split(path.sep).some((s) => s.startsWith('.')));
  // Requests' uploads and jobs' working copies alike: neither may stay behind.
  const temp = [...(await readdir(t.app.uploadTempDir).catch(() => [])), ...(await readdir(t.app.jobTempDir).catch(() => []))];
  return [...stored.sort(), ...temp.map((f) => `tmp:${f}`)];
}

// --- a PNG that declares a huge size but carries almost no data (pixel flood) ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
export function pixelFloodPng(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** RFC 4180 CSV (the export's BOM dropped) as rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && s[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** The first sheet of an XLSX as rows of cell texts. */
export async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((r) => {
    const values = (r.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v))));
  });
  return rows;
}

/** Text of a PDF through poppler's pdftotext. */
export function pdfText(buffer: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: buffer, maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}

/** Every row of a list endpoint, page after page (limit 500). */
export async function allListRows<T>(t: TestApp, s: TestSession, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.as(s, { url: `${url}${sep}page=${page}&limit=500` });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const body = res.json<{ data: T[]; totalPages: number }>();
    out.push(...body.data);
    if (page >= body.totalPages) return out;
  }
}

/** Audit rows of an action on an entity, newest first. */
export async function auditRows(t: TestApp, action: string, entity: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity)))
    .orderBy(desc(auditLog.id));
}
