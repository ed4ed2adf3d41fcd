import { E2E } from './support/env';
import { expect, expectPath, signIn, test } from './support/fixtures';

test.describe('route guards', () => {
  test('without a session the signed-in area sends the browser to sign-in', async ({ page }) => {
    await page.goto('/home');
    await expectPath(page, /^\/(login)?$/);
    await page.goto('/demo-admin/clients');
    await expectPath(page, /^\/(login)?$/);
    await page.goto('/no/such/page');
    await expectPath(page, /^\/(login)?$/);
  });

  test('with a session / and /login go to /home, unknown paths go to /home', async ({ page }) => {
    await signIn(page, 'manager');
    for (const path of ['/', '/login', '/no/such/page', '/definitely-not-a-route']) {
      await page.goto(path);
      await expectPath(page, '/home');
    }
    await expect(page.getByRole('button', { name: /^Open/ }).first()).toBeVisible();
  });
});

// Issue 15 item 5: the Support Agent holds user-requests.view but not user-requests.devices, and no tones Home menu.
test.describe('pages the role cannot open', () => {
  test('the agent sees device codes as plain text, and a denied page shows Access Denied without a 403', async ({ page }) => {
    const forbidden: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403 && new URL(res.url()).pathname.startsWith('/api/')) forbidden.push(res.url());
    });
    await signIn(page, 'agent', { at: '/tone-dashboard/user-request' });
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    await expect(firstRow.locator('td').first()).not.toBeEmpty();
    await expect(page.locator('a[href*="/device-details"]')).toHaveCount(0);

    for (const path of ['/tone-dashboard/home', '/tone-dashboard/user-request/device-details?deviceCode=SIM-1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    }
    // Nothing was asked that the server had to refuse (each refusal is an audit row).
    await page.waitForLoadState('networkidle');
    expect(forbidden).toEqual([]);
  });

  // The list and dashboard routes start their data requests at navigation (app/route-data.ts):
  // only once the role's permissions say the shell will show the page.
  test('a denied page fires no data call, not even the one its route prefetches', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/api/')) calls.push(path);
    });
    await signIn(page, 'manager');
    // The Content Manager holds clients and demo media only.
    const denied = {
      [`/${E2E.productSlug}/companies`]: '/api/companies',
      [`/${E2E.productSlug}/users`]: '/api/users',
      '/tone-dashboard/home': '/api/home',
      '/tone-dashboard/locations': '/api/locations',
      '/demo-admin/manage-actions': '/api/manage-actions',
    };
    for (const [path, api] of Object.entries(denied)) {
      // A full load each: the route's loader runs before the shell has the role's permissions.
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        calls.filter((c) => c === api || c.startsWith(`${api}/`)),
        path,
      ).toEqual([]);
    }
    // The allowed list next to them is asked for, once.
    calls.length = 0;
    await page.goto('/demo-admin/clients');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls.filter((c) => c === '/api/client')).toHaveLength(1);
  });
});
