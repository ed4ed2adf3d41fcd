// Runs in the "short-idle" project against a server with IDLE_TIMEOUT_MS=E2E.shortIdleMs (30 s).
// The SPA warns during the last 10 % of a short timeout (3 s here). To reach the warning
// without waiting, the page's clock (Playwright clock) jumps to just inside that window; the
// server's clock runs freely. (Pausing the page clock is no option: axe needs timers.)
import { UI_TEXT } from '@console/contract';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { E2E } from './support/env';
import { expect, expectPath, signIn, test } from './support/fixtures';

const WARNING_MS = Math.round(E2E.shortIdleMs * 0.1);

async function reachWarning(page: Page) {
  await page.clock.install();
  await signIn(page, 'manager');
  await page.clock.fastForward(E2E.shortIdleMs - WARNING_MS + 20);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(UI_TEXT.inactivityTitle)).toBeVisible({ timeout: WARNING_MS });
  return dialog;
}

test.describe('inactivity', () => {
  test('warns, then signs the user out after the inactivity timeout', async ({ page }, testInfo) => {
    const dialog = await reachWarning(page);
    await expect(dialog.getByText(UI_TEXT.inactivityBody)).toBeVisible();
    await expect(dialog.getByRole('button', { name: UI_TEXT.staySignedIn })).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1', { timeout: WARNING_MS });
    await expectAccessible(page, 'inactivity warning', testInfo, { settleMs: 0 });
    await expectPath(page, /^\/(login|token-expiry)?$/, 15_000);
    await page.goto('/home');
    await expectPath(page, /^\/(login)?$/);
  });

  test('in real time, an idle user is warned and then signed out', async ({ page }) => {
    test.setTimeout(E2E.shortIdleMs * 2 + 30_000);
    await signIn(page, 'manager');
    await expect(page.getByRole('dialog').getByText(UI_TEXT.inactivityTitle)).toBeVisible({ timeout: E2E.shortIdleMs + 5_000 });
    await expectPath(page, /^\/(login|token-expiry)?$/, WARNING_MS + 10_000);
  });

  test("a 'Keep me logged in' session is not ended by inactivity", async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'manager', { remember: true });
    await page.clock.fastForward(E2E.shortIdleMs + 5_000);
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectPath(page, '/home');
  });

  test("'Stay signed in' keeps the session", async ({ page }) => {
    // reachWarning leaves WARNING_MS (3 s) of page time, flowing in real time, for the dialog to
    // render and the click to land; on a busy machine the countdown sometimes ran out first and the
    // tab signed out (the dialog went away on its own, the reload then found /login). Here the page
    // clock stands still from before the warning until 'Stay signed in' has been clicked.
    await page.clock.install();
    await signIn(page, 'manager');
    const pageNow = await page.evaluate(() => Date.now());
    // Far enough ahead that the clock cannot have passed it yet, far enough from the warning.
    await page.clock.pauseAt(pageNow + 3_000);
    await page.mouse.move(5, 5); // input: the idle time counts from this (paused) instant
    await page.clock.runFor(E2E.shortIdleMs - WARNING_MS + 20);
    // The dialog mounts through animation frames and a transition, which run on the page clock:
    // give them a fraction of the warning window (still far from the sign-out).
    await page.clock.runFor(Math.round(WARNING_MS / 4));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(UI_TEXT.inactivityTitle)).toBeVisible();
    await dialog.getByRole('button', { name: UI_TEXT.staySignedIn }).click();
    // The countdown was reset by the click; let time flow again (the dialog's closing transition runs on timers).
    await page.clock.resume();
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward(WARNING_MS + 1_000);
    await page.reload();
    await expectPath(page, '/home');
    await expect(page.getByRole('button', { name: /^Open/ }).first()).toBeVisible();
  });
});
