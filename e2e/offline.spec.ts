import { STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { expectAccessible } from './support/axe';
import { expect, expectPath, signIn, test } from './support/fixtures';

test.describe('connectivity', () => {
  test('offline goes to /internet-connection and online returns to the saved path', async ({ page, context }, testInfo) => {
    await signIn(page, 'manager', { at: '/profile/about' });
    await expectPath(page, '/profile/about');

    await context.setOffline(true);
    await expectPath(page, '/internet-connection');
    await expect(page.getByText(UI_TEXT.noInternetTitle)).toBeVisible();
    await expect(page.getByText(UI_TEXT.noInternetAdvice)).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.recentPath)).toBe('/profile/about');
    await expectAccessible(page, 'no internet connection', testInfo);

    await context.setOffline(false);
    await expectPath(page, '/profile/about');
  });

  test('without a saved path, coming back online goes to /home', async ({ page, context }) => {
    await signIn(page, 'manager', { at: '/internet-connection' });
    await page.evaluate((k) => localStorage.removeItem(k), STORAGE_KEYS.recentPath);
    await context.setOffline(true);
    await page.waitForTimeout(300);
    await context.setOffline(false);
    await expectPath(page, '/home');
  });
});
