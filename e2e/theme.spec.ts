import { STORAGE_KEYS } from '@console/contract';
import { expectAccessible } from './support/axe';
import { expect, signIn, test, themeToggle } from './support/fixtures';

const scheme = (page: import('@playwright/test').Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test.describe('theme', () => {
  test('dark mode persists across reloads and pages, and can be switched back', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await expect.poll(() => scheme(page)).toBe('light');
    await themeToggle(page).click();
    await expect.poll(() => scheme(page)).toBe('dark');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.darkMode)).toBe('true');
    await expectAccessible(page, 'home (dark)', testInfo);

    await page.reload();
    await expect.poll(() => scheme(page)).toBe('dark');
    await page.goto('/profile/about');
    await expect.poll(() => scheme(page)).toBe('dark');
    await expectAccessible(page, 'shell (dark)', testInfo);

    await themeToggle(page).click();
    await expect.poll(() => scheme(page)).toBe('light');
    await page.reload();
    await expect.poll(() => scheme(page)).toBe('light');
  });
});
