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
