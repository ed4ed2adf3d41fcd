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
    await signIn(page, 'agent');

    await page.goto('/tone-dashboard/user-request');
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
});
