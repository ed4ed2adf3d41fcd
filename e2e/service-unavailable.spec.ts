import { SERVER_MESSAGES, UI_TEXT } from '@console/contract';
import type { Page, Route } from '@playwright/test';
import { bodyRows, dialog, PRODUCT, settled, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

// Issue 17: the API answering 503 (its database away) as the browser sees it. The edge is faked
// with page.route: every API call answers 503 + Retry-After in the API's error shape until the
// test lets them through to the real server again.

const COMPANIES_PATH = `${PRODUCT}/companies`;

async function unavailable(route: Route) {
  await route.fulfill({
    status: 503,
    headers: { 'retry-after': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ success: false, message: SERVER_MESSAGES.unavailable, code: 'UNAVAILABLE' }),
  });
}

/** Every API call answers 503 while `down.on`, as when the database is away (the SPA's own config needs none). */
async function outage(page: Page) {
  const down = { on: true };
  await page.route(
    (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/app-config',
    (route) => (down.on ? unavailable(route) : route.fallback()),
  );
  return down;
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: UI_TEXT.serviceUnavailable });

test.describe('the service unavailable (503)', () => {
  test('a list shows "unavailable, retrying", retries by itself and shows its rows when the API is back', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    const down = await outage(page);
    await page.goto(COMPANIES_PATH);

    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toHaveAttribute('aria-live', 'polite');
    await expectAccessible(page, 'service unavailable notice', testInfo);

    down.on = false;
    await expect(notice(page)).toHaveCount(0, { timeout: 40_000 });
    await settled(page);
    await expect(bodyRows(table(page, 'Companies')).first()).toBeVisible();
  });

  test('a submit refused with 503 keeps the form and its input and says the service is unavailable', async ({ page }, testInfo) => {
    const name = `Outage Co ${uniqueTag()}`;
    await signIn(page, 'admin', { at: COMPANIES_PATH });
    await settled(page);
    await page.getByRole('button', { name: 'Add company', exact: true }).click();
    const add = dialog(page, 'Add company');
    const nameBox = add.getByRole('textbox', { name: 'Company name', exact: true });
    await nameBox.fill(name);

    const down = await outage(page);
    await add.getByRole('button', { name: 'Add company', exact: true }).click();
    await expect(add.getByRole('alert')).toHaveText(SERVER_MESSAGES.unavailable);
    await expect(add).toBeVisible();
    await expect(nameBox).toHaveValue(name);
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, 'refused submit', testInfo);

    // Back again: the same form, sent again, is saved.
    down.on = false;
    await add.getByRole('button', { name: 'Add company', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Company added successfully')).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });
});
