// Helpers for the administration and profile specs: an API client that signs in like the SPA
// (bearer token + CSRF header) to set up data, unique names, a generated PNG and small page
// helpers for the shared table, dialogs and forms.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { ADMIN_API_PATHS, API_PATHS, COOKIE_NAMES, HEADER_NAMES, type RoleGrantsInput, buildModuleCatalogue } from '@console/contract';
import type { Locator, Page } from '@playwright/test';
import { E2E, USERS } from './env';
import { expect, expectPath, fillSignIn } from './fixtures';

export const PRODUCT = `/${E2E.productSlug}`;
export const TEST_PASSWORD = 'E2e-Staff-Pass-5190';

const CATALOGUE = buildModuleCatalogue({ slug: E2E.productSlug, name: E2E.productName });

/** Ids of a module's menus by slug (the seeded catalogue; ids are stable). */
export function menuIds(moduleId: number, ...slugs: string[]): number[] {
  const module = CATALOGUE.find((m) => m.id === moduleId);
  return slugs.map((slug) => {
    const menu = module?.menus.find((m) => m.slug === slug);
    if (!menu) throw new Error(`no menu ${slug} in module ${moduleId}`);
    return menu.id;
  });
}

/** A short random tag so records of one run (and of reruns against a kept database) never collide. */
export const uniqueTag = (prefix = '') => `${prefix}${Date.now().toString(36).slice(-5)}${randomBytes(2).toString('hex')}`;

// ---- PNG ----------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable RGB PNG of one colour (the API checks magic bytes and decodes images). */
export function makePng(size = 24, rgb: [number, number, number] = [20, 63, 111]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngFile = (name = 'avatar.png', rgb?: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: makePng(24, rgb) });

// ---- API client -----------------------------------------------------------------------------

export type ApiUser = { id: number; email: string; firstname: string; lastname: string; roleId: number; companyId: number | null };
type Json = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** The API as a signed-in user, through plain fetch (the harness's style, see fixtures.ts). */
export class Api {
  private constructor(
    readonly baseURL: string,
    readonly accessToken: string,
    readonly csrf: string,
    readonly sessionId: string,
    readonly user: { id: number; email: string; roleId: number },
  ) {}

  static async signIn(baseURL: string, email: string, password: string): Promise<Api> {
    const res = await fetch(`${baseURL}/api${API_PATHS.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await res.json()) as Json;
    if (!res.ok || body.loginType !== 'default') throw new ApiError(res.status, body, `sign-in of ${email}`);
    const cookies = res.headers.getSetCookie();
    const cookie = (name: string) => {
      const line = cookies.find((c) => c.startsWith(`${name}=`));
      return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0]) : '';
    };
    const data = body.data as { accessToken: string; user: { id: number; email: string; roleId: number } };
    return new Api(baseURL, data.accessToken, cookie(COOKIE_NAMES.csrf), cookie(COOKIE_NAMES.sessionId), data.user);
  }

  /** The API as the session a browser context holds (see sessionOf in fixtures.ts). */
  static fromSession(
    baseURL: string,
    s: { accessToken: string; csrf: string; sessionId: string },
    user = { id: 0, email: '', roleId: 0 },
  ): Api {
    return new Api(baseURL, s.accessToken, s.csrf, s.sessionId, user);
  }

  static admin(baseURL: string) {
    return Api.signIn(baseURL, USERS.admin.email, USERS.admin.password);
  }

  /** Headers of a session-authenticated call, as the SPA sends them. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      authorization: `Bearer ${this.accessToken}`,
      [HEADER_NAMES.csrf]: this.csrf,
      [HEADER_NAMES.sessionId]: this.sessionId,
      cookie: `${COOKIE_NAMES.csrf}=${this.csrf}; ${COOKIE_NAMES.sessionId}=${this.sessionId}`,
      ...extra,
    };
  }

  /** The raw response (for status checks). */
  async raw(method: string, path: string, body?: Json | FormData, query?: Record<string, string | number>): Promise<Response> {
    const url = new URL(`${this.baseURL}/api${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const isForm = body instanceof FormData;
    return fetch(url, {
      method,
      headers: this.headers(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  }

  async call<T = Json>(method: string, path: string, body?: Json | FormData, query?: Record<string, string | number>): Promise<T> {
    const res = await this.raw(method, path, body, query);
    const text = await res.text();
    const parsed = (text ? JSON.parse(text) : {}) as Json;
    if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${path}`);
    return parsed as T;
  }

  async createRole(name: string, description = 'Created by an end-to-end test'): Promise<{ id: number; name: string }> {
    const res = await this.call<{ data: { id: number; name: string } }>('POST', ADMIN_API_PATHS.roles.add, { name, description });
    return res.data;
  }

  async setGrants(roleId: number, grants: RoleGrantsInput) {
    return this.call('PUT', ADMIN_API_PATHS.roles.grants(roleId), grants as unknown as Json);
  }

  async getGrants(roleId: number): Promise<RoleGrantsInput> {
    const res = await this.call<{ data: RoleGrantsInput }>('GET', ADMIN_API_PATHS.roles.grants(roleId));
    return res.data;
  }

  async createUser(input: {
    firstname: string;
    lastname: string;
    email: string;
    roleId: number;
    password?: string;
    companyId?: number;
    primaryColor?: string;
  }): Promise<ApiUser> {
    const res = await this.call<{ data: ApiUser }>('POST', ADMIN_API_PATHS.users.add, {
      password: TEST_PASSWORD,
      status: 'active',
      ...input,
    });
    return res.data;
  }

  async deleteUser(id: number) {
    return this.call('DELETE', ADMIN_API_PATHS.users.remove(id));
  }

  async createCompany(input: { name: string; email?: string; status?: 'active' | 'inactive' }): Promise<{ id: number; name: string }> {
    const form = new FormData();
    form.set('name', input.name);
    form.set('status', input.status ?? 'active');
    if (input.email) form.set('email', input.email);
    const res = await this.call<{ data: { id: number; name: string } }>('POST', ADMIN_API_PATHS.companies.add, form);
    return res.data;
  }

  async listUsers(query: Record<string, string | number>) {
    return this.call<{ data: ApiUser[]; total: number; totalPages: number }>('GET', ADMIN_API_PATHS.users.list, undefined, query);
  }
}

/** A throw-away role with the given grants, and a user in it (signed in with TEST_PASSWORD). */
export async function roleWithUser(admin: Api, tag: string, grants: RoleGrantsInput, user: Partial<ApiUser> = {}) {
  const role = await admin.createRole(`E2E role ${tag}`);
  await admin.setGrants(role.id, grants);
  const created = await admin.createUser({
    firstname: user.firstname ?? 'Erin',
    lastname: user.lastname ?? `Tester ${tag}`,
    email: user.email ?? `e2e-${tag.toLowerCase()}@example.test`,
    roleId: role.id,
  });
  return { role, user: created };
}

// ---- page helpers ---------------------------------------------------------------------------

/** Signs in through the form as any (non two-step) user and waits for /home. */
export async function signInAs(page: Page, email: string, password = TEST_PASSWORD) {
  await fillSignIn(page, email, password);
  await expectPath(page, '/home');
  await expect(page.getByRole('heading').first()).toBeVisible();
}

/** The shared list table by its accessible name ('Users', 'Companies', ...). */
export const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });

/** Body rows of a list table (its empty state is not a row). */
export const bodyRows = (t: Locator) => t.locator('tbody tr');

/** The row of a table that contains `text`. */
export const rowWith = (t: Locator, text: string) => bodyRows(t).filter({ hasText: text });

/** Waits until the table has finished loading (aria-busy is set on its wrapper while fetching). */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** The values of one column (by its header title), in row order. */
export async function columnTexts(t: Locator, title: string): Promise<string[]> {
  const headers = await t.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === title);
  if (index < 0) throw new Error(`no column "${title}" in [${headers.join(' | ')}]`);
  return (
    await bodyRows(t)
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts()
  ).map((s) => s.trim());
}

/** A dialog (Mantine modal or drawer) by its title. */
export const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

/** Picks an option of a Mantine Select by its label. */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/**
 * Sets a file on a form-builder file field through the file chooser its 'Choose file' button
 * opens. The button is the keyboard path (the drop zone over it takes mouse clicks), so it is
 * pressed with Enter, as a keyboard user would.
 */
export async function chooseFile(page: Page, scope: Locator, fieldLabel: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: new RegExp(`^${fieldLabel}`) }).press('Enter');
  await (await chooser).setFiles(file);
  await expect(scope.getByText(file.name)).toBeVisible();
}

/** Waits for a toast with this text (toasts carry data-toast-type). */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-type]').filter({ hasText: text });

/** True once an <img> has loaded real pixels (a stored file fetched with the bearer token). */
export async function expectImageLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
}
