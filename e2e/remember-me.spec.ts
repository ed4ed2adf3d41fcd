import { COOKIE_NAMES, STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { USERS } from './support/env';
import { emailInput, expect, fillSignIn, expectPath, test } from './support/fixtures';

const PASSWORD = USERS.manager.password;

async function storedEverywhere(page: import('@playwright/test').Page) {
  const storage = await page.evaluate(() => {
    const dump = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i)!, s.getItem(s.key(i)!)]));
    return { local: dump(localStorage), session: dump(sessionStorage), cookie: document.cookie };
  });
  const cookies = await page.context().cookies();
  return { ...storage, cookies };
}

test.describe("'Keep me logged in'", () => {
  test('remembers the e-mail, never stores the password, and keeps a persistent session', async ({ page, context }) => {
    await fillSignIn(page, USERS.manager.email, PASSWORD, { remember: true });
    await expectPath(page, '/home');

    const stored = await storedEverywhere(page);
    const everything = JSON.stringify(stored);
    expect(everything, 'the password must never be stored in the browser').not.toContain(PASSWORD);
    expect(everything).not.toContain(encodeURIComponent(PASSWORD));
    expect(stored.local[STORAGE_KEYS.email]).toBe(USERS.manager.email);
    expect(stored.local).not.toHaveProperty('password');

    // remembered sessions survive a browser restart: the session cookie is persistent
    const details = (await context.cookies()).find((c) => c.name === COOKIE_NAMES.userDetails);
    expect(details, 'userDetails cookie').toBeTruthy();
    expect(details!.expires, 'persistent cookie (has an expiry)').toBeGreaterThan(Date.now() / 1000 + 24 * 3600);

    // after signing out the form offers the remembered e-mail with the box still ticked
    await context.clearCookies();
    await page.goto('/login');
    await expect(emailInput(page)).toHaveValue(USERS.manager.email);
    await expect(page.getByLabel(UI_TEXT.keepMeLoggedIn)).toBeChecked();
    await expect(page.getByLabel(/^password/i)).toHaveValue('');
    // The e-mail is there already: the caret waits in the password field.
    await expect(page.getByLabel(/^password/i)).toBeFocused();
  });

  test('without it the e-mail is not remembered and the session cookie ends with the browser', async ({ page, context }) => {
    await fillSignIn(page, USERS.manager.email, PASSWORD);
    await expectPath(page, '/home');
    const stored = await storedEverywhere(page);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(stored.local[STORAGE_KEYS.email] ?? null).toBeNull();
    const details = (await context.cookies()).find((c) => c.name === COOKIE_NAMES.userDetails);
    expect(details, 'userDetails cookie').toBeTruthy();
    expect(details!.expires, 'browser-session cookie (no expiry)').toBe(-1);
  });
});
