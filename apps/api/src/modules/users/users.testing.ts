// Test helpers shared by the companies, users, profile and files tests (not loaded by the app).
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { rolePermissions, roles, subModules, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { localStorageRoot } from '../../lib/storage/index.js';
import type { TestApp, TestSession } from '../../test/test-app.js';

export const TEST_PASSWORD = 'Matrix-Pass-7719';

/** A role holding exactly `keys` (no modules or menus: the API checks keys only). */
export async function createRole(t: TestApp, name: string, keys: string[]): Promise<number> {
  const [role] = await t.app.db.insert(roles).values({ name: `${name} ${randomBytes(3).toString('hex')}` }).returning({ id: roles.id });
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
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } } satisfies Partial<InjectOptions>;
}

export const png = (width = 64, height = 48, background = '#0d97fd') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** Every file in the local store and the upload temp dir (dot-folders of the driver excluded). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = localStorageRoot(t.app.config.dataDir);
  const stored = (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .filter((p) => !p.split(path.sep).some((s) => s.startsWith('.')));
  const temp = await readdir(t.app.uploadTempDir).catch(() => []);
  return [...stored.sort(), ...temp.map((f) => `tmp:${f}`)];
}
