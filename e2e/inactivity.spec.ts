// Runs in the "short-idle" project against a server started with IDLE_TIMEOUT_MS=8000.
import { UI_TEXT } from '@console/contract';
import { expectAccessible } from './support/axe';
import { E2E } from './support/env';
import { expect, expectPath, signIn, test } from './support/fixtures';

test.describe('inactivity', () => {
  test('warns, then signs the user out after the inactivity timeout', async ({ page }, testInfo) => {
    await signIn(page, 'manager');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(UI_TEXT.inactivityTitle)).toBeVisible({ timeout: E2E.shortIdleMs + 5_000 });
    await expect(dialog.getByText(UI_TEXT.inactivityBody)).toBeVisible();
    await expectAccessible(page, 'inactivity warning', testInfo);
    await expectPath(page, /^\/(login|token-expiry)?$/, E2E.shortIdleMs + 10_000);
    await page.goto('/home');
    await expectPath(page, /^\/(login)?$/);
  });

  test("'Stay signed in' keeps the session", async ({ page }) => {
    await signIn(page, 'manager');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(UI_TEXT.inactivityTitle)).toBeVisible({ timeout: E2E.shortIdleMs + 5_000 });
    await dialog.getByRole('button', { name: UI_TEXT.staySignedIn }).click();
    await expect(dialog).toHaveCount(0);
    await page.waitForTimeout(1_000);
    await page.reload();
    await expectPath(page, '/home');
  });
});
