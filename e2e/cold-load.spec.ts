// Issue 15 "cold loads": a signed-in route loads a handful of JS files, and its first data request
// starts with the navigation, in parallel with the screen's code (app/route-data.ts), not once
// the screen has rendered. Cold = a fresh browser context: the session cookies, no HTTP cache.
import type { Browser, Page } from '@playwright/test';
import { PRODUCT } from './support/admin';
import { expect, signIn, test } from './support/fixtures';

const COMPANIES = `${PRODUCT}/companies`;
/**
 * Built JS files (under /assets) a list route may load. The chunk groups
 * (apps/web/bundling/chunk-groups.ts) give 9: entry, react, login, public, data, shell, vendor-ui,
 * app and the screen; 10 leaves room for a screen split in two. Before them it was ~90, one file per set
 * of screens sharing a module.
 */
const MAX_JS_FILES = 10;

async function coldPage(browser: Browser, signedIn: Page, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await signedIn.context().storageState() });
  return context.newPage();
}

const apiPath = (url: string) => new URL(url).pathname;

test.describe('cold load of a signed-in list', () => {
  test('the list request goes out while the screen code is still on its way, once, and few JS files load', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'admin');
    const cold = await coldPage(browser, page, baseURL);
    const scripts: string[] = [];
    const listRequests: string[] = [];
    let listRequested: () => void = () => undefined;
    const listSeen = new Promise<void>((resolve) => {
      listRequested = resolve;
    });
    cold.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().includes('/assets/')) scripts.push(new URL(request.url()).pathname);
      if (apiPath(request.url()) === '/api/companies') {
        listRequests.push(request.url());
        listRequested();
      }
    });
    // Hold the screen's own chunk back until the list request has gone out (or 20 s passed):
    // a request made only once the screen renders could never come while it is held.
    let seenWhileHeld: boolean | undefined;
    await cold.route(/\/assets\/companies-page-[^/]+\.js$/, async (route) => {
      seenWhileHeld = await Promise.race([
        listSeen.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]);
      await route.continue();
    });

    await cold.goto(COMPANIES);
    await expect(cold.getByRole('heading', { name: 'All companies' })).toBeVisible({ timeout: 40_000 });
    await expect(cold.locator('tbody tr').first()).toBeVisible();
    await cold.waitForLoadState('networkidle');

    expect(seenWhileHeld, 'the screen chunk was requested').toBeDefined();
    expect(seenWhileHeld, 'GET /api/companies started before the screen chunk was released').toBe(true);
    // The screen read the prefetched page from the cache instead of asking again.
    expect(listRequests, 'the list was asked for once').toHaveLength(1);
    expect(scripts.length, `JS files: ${scripts.join(', ')}`).toBeLessThanOrEqual(MAX_JS_FILES);
    await cold.context().close();
  });

  test('the sign-in page loads only its own few chunks', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const cold = await context.newPage();
    const scripts: string[] = [];
    cold.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().includes('/assets/')) scripts.push(new URL(request.url()).pathname);
    });
    await cold.goto('/login');
    await expect(cold.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await cold.waitForLoadState('networkidle');
    // entry, react and the sign-in group; never the signed-in groups (bundling/chunk-guard.ts fails the build otherwise).
    expect(
      scripts.filter((s) => /\/(data|public|shell|vendor-ui|app|charts)-[^/]+\.js$/.test(s)),
      scripts.join(', '),
    ).toEqual([]);
    expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(3);
    await context.close();
  });

  test('the boot frame stays until the shell renders once, with its menus: no full-screen "Loading…", no placeholder menus', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'admin');
    const cold = await coldPage(browser, page, baseURL);
    // What the page shows after each batch of DOM changes, from the first one on (a string: the
    // init script runs in the page as it is, without the test's compiled helpers).
    await cold.addInitScript({
      content: `window.__frames = [];
        new MutationObserver(() => {
          const status = [...document.querySelectorAll('[role="status"]')].map((n) => n.getAttribute('aria-label') || n.textContent || '');
          window.__frames.push({
            boot: !!document.querySelector('.boot-shell'),
            menus: document.querySelectorAll('nav a[href]').length,
            placeholders: document.querySelectorAll('nav .mantine-Skeleton-root').length,
            loading: status.filter((text) => text.includes('Loading')).length,
          });
        }).observe(document, { childList: true, subtree: true });`,
    });
    // The permissions answer held back for a second and a half: before, the page drew the
    // router's full-screen "Loading…" and then the shell with four placeholder menu items meanwhile.
    await cold.route('**/api/role-permissions/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await cold.goto(COMPANIES);
    await expect(cold.getByRole('heading', { name: 'All companies' })).toBeVisible({ timeout: 40_000 });
    await expect(cold.locator('tbody tr').first()).toBeVisible();

    type Frame = { boot: boolean; menus: number; placeholders: number; loading: number };
    const frames = await cold.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
    const painted = frames.slice(frames.findIndex((frame) => frame.boot));
    expect(painted.length, 'the boot frame was painted').toBeGreaterThan(1);
    const firstApp = painted.findIndex((frame) => !frame.boot);
    expect(painted.slice(0, firstApp).every((frame) => frame.loading === 0 && frame.placeholders === 0)).toBe(true);
    expect(painted[firstApp], 'the frame that replaced the boot frame').toMatchObject({ placeholders: 0 });
    expect(painted[firstApp].menus, 'the shell came with its menus').toBeGreaterThan(0);
    expect(
      painted.filter((frame) => frame.placeholders > 0),
      'placeholder menus were drawn',
    ).toEqual([]);
    await cold.context().close();
  });
});
