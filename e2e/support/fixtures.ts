// The `test` every spec imports: baseURL points at the server global setup started for the
// project, plus helpers for signing in, mails and sessions.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { API_PATHS, COOKIE_NAMES, DELAYS, HEADER_NAMES, UI_TEXT } from '@console/contract';
import { type ServerName, storedStatePath } from './auth-state';
import { USERS, type UserKey } from './env';
import { otpCodeOf, waitForMail } from './mail';

export type ServerOptions = { server: ServerName };

const SERVER_URL_VARS: Record<ServerName, string> = { main: 'E2E_BASE_URL', solo: 'E2E_SOLO_URL', 'short-idle': 'E2E_SHORT_IDLE_URL' };

/** The address of a server global setup started (beforeAll hooks: `({ server }) => serverURL(server)`). */
export function serverURL(server: ServerName): string {
  const url = process.env[SERVER_URL_VARS[server]];
  if (!url) throw new Error('no server URL: run through playwright.config.ts so global setup starts the servers');
  return url;
}

/** Which server a test's own browser context talks to (signIn picks the stored state by it). */
const serverOfContext = new WeakMap<BrowserContext, ServerName>();

// `server` is per worker (a worker runs one project), so beforeAll hooks can read it too.
export const test = base.extend<{ testStartedAt: number }, ServerOptions>({
  server: ['main', { option: true, scope: 'worker' }],
  baseURL: async ({ server }, use) => use(serverURL(server)),
  context: async ({ context, server }, use) => {
    serverOfContext.set(context, server);
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; none here
  testStartedAt: async ({}, use) => use(Date.now()),
});
export { expect };

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the browser is at `path` (exact pathname or RegExp). */
export async function expectPath(page: Page, path: string | RegExp, timeout = 15_000) {
  await expect
    .poll(() => pathOf(page), { timeout, message: `expected to reach ${path}` })
    .toMatch(typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path);
}

export const emailInput = (page: Page) => page.getByLabel(/^email/i);
export const passwordInput = (page: Page) => page.getByLabel(/^password/i);
export const signInButton = (page: Page) => page.getByRole('button', { name: UI_TEXT.signIn, exact: true });

export async function fillSignIn(page: Page, email: string, password: string, opts: { remember?: boolean } = {}) {
  await page.goto('/login');
  await emailInput(page).fill(email);
  await passwordInput(page).fill(password);
  if (opts.remember) await page.getByLabel(UI_TEXT.keepMeLoggedIn).check();
  await signInButton(page).click();
}

/** Types a code into the six OTP boxes, one key at a time (focus moves on its own). */
export async function typeOtp(page: Page, code: string) {
  const boxes = otpBoxes(page);
  await expect(boxes).toHaveCount(6, { timeout: 10_000 });
  await boxes.first().click();
  await page.keyboard.type(code, { delay: 30 });
}

export const otpBoxes = (page: Page) => page.getByRole('textbox', { name: /digit|code|otp/i });

/** Completes two-step sign-in from the sign-in form: waits for /otp/…, reads the mailed code, validates. */
export async function completeOtp(page: Page, email: string, since: number) {
  // The form comes after the spec's delay; the margin is for a busy machine.
  await expectPath(page, /^\/otp\/.+/, DELAYS.afterLoginBeforeOtp + 12_000);
  const mail = await waitForMail({ to: email, since });
  await typeOtp(page, otpCodeOf(mail));
  await page.getByRole('button', { name: UI_TEXT.validate, exact: true }).click();
  await expectPath(page, '/home', 15_000);
}

/**
 * Signs in as one of the seeded users and waits for /home. By default the session global setup
 * stored for the role (auth-state.ts) is loaded, which skips the form; `fresh` (and `remember`)
 * type the form for a session of the test's own: a test that ends its session (logout, an
 * ended token) must use one, or it would end the session other tests share.
 * `at`: the screen to open once signed in. With a stored session the browser goes there
 * directly, not through /home first: every load in a new browser context fetches and compiles
 * the whole first-load JavaScript again (0.8-1.3 s on an idle 2-core machine, more under load). The caller waits for
 * what it needs there.
 */
export async function signIn(page: Page, who: UserKey, opts: { remember?: boolean; fresh?: boolean; at?: string } = {}) {
  const server = serverOfContext.get(page.context());
  const stored = !opts.fresh && !opts.remember && server ? storedStatePath(server, who) : undefined;
  if (stored) {
    await page.context().setStorageState(stored);
    await page.goto(opts.at ?? '/home');
    // The frame public/boot-shell.js paints (its title is a heading on /home) stands until React
    // mounts, and a signed-in screen's scripts start only after it is painted: wait for the app.
    await page.locator('.boot-shell').waitFor({ state: 'detached' });
    if (opts.at) return; // the caller waits for what it needs there
    await expectPath(page, '/home');
    await expect(page.getByRole('heading').first()).toBeVisible();
    return;
  }
  const user = USERS[who];
  const since = Date.now();
  await fillSignIn(page, user.email, user.password, opts);
  if (who === 'agent') await completeOtp(page, user.email, since);
  else await expectPath(page, '/home');
  await expect(page.getByRole('heading').first()).toBeVisible();
  if (opts.at) await page.goto(opts.at);
}

/** The session as the browser holds it: bearer token (userDetails cookie) and CSRF token. */
export async function sessionOf(context: BrowserContext) {
  const cookies = await context.cookies();
  const get = (name: string) => cookies.find((c) => c.name === name)?.value;
  const details = get(COOKIE_NAMES.userDetails);
  if (!details) throw new Error(`no ${COOKIE_NAMES.userDetails} cookie; cookies: ${cookies.map((c) => c.name).join(', ')}`);
  const parsed = JSON.parse(decodeURIComponent(details)) as { accessToken: string };
  return { accessToken: parsed.accessToken, csrf: get(COOKIE_NAMES.csrf) ?? '', sessionId: get(COOKIE_NAMES.sessionId) ?? '' };
}

/**
 * The answer to the page-view record of the screen at `path`. The SPA sends it when the browser
 * is idle (lib/activity-logger.ts), up to 2 s after the screen shows, so it belongs to the page
 * load: call this before the navigation, await it before acting on "the page has loaded".
 */
export const pageViewRecorded = (page: Page, path: string) =>
  page.waitForResponse(
    (r) => r.url().endsWith(`/api${API_PATHS.auth.userActivityAdd}`) && r.request().postDataJSON()?.request?.path === path,
  );

/** Ends the browser's session on the server from outside the page (another client). */
export async function endSessionServerSide(context: BrowserContext, baseURL: string) {
  const s = await sessionOf(context);
  const res = await fetch(`${baseURL}/api/auth/logout`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.accessToken}`,
      [HEADER_NAMES.csrf]: s.csrf,
      [HEADER_NAMES.sessionId]: s.sessionId,
      'content-type': 'application/json',
      cookie: `${COOKIE_NAMES.csrf}=${s.csrf}; ${COOKIE_NAMES.sessionId}=${s.sessionId}`,
    },
    body: '{}',
  });
  if (!res.ok) throw new Error(`server-side logout answered ${res.status}: ${await res.text()}`);
}

/** A control by its visible name, whether rendered as a button or as a link styled like one. */
export const control = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));

/** Opens the profile dropdown (home and shell top bar). */
export async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: /profile menu|account|user menu/i }).click();
  await expect(page.getByRole('menuitem', { name: UI_TEXT.signOut })).toBeVisible();
}

/** The theme toggle (home and shell top bar). */
export const themeToggle = (page: Page) => page.getByRole('button', { name: /theme|dark|light|colou?r scheme/i });
