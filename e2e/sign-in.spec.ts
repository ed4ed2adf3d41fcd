import { SERVER_MESSAGES, UI_TEXT, VALIDATION_MESSAGES as V } from '@console/contract';
import { expectAccessible } from './support/axe';
import { USERS } from './support/env';
import { emailInput, expect, expectPath, fillSignIn, passwordInput, signInButton, test } from './support/fixtures';

test.describe('sign-in on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('no field takes the focus, so no keyboard pops up over the form', async ({ page }) => {
    await page.goto('/login');
    await expect(emailInput(page)).toBeVisible();
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  });
});

test.describe('sign-in (default)', () => {
  test('the sign-in screen has its fields, checkbox, link and button at / and /login', async ({ page }, testInfo) => {
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(emailInput(page)).toBeVisible();
      // The caret starts in the e-mail field: the page is there to type into.
      await expect(emailInput(page)).toBeFocused();
      await expect(passwordInput(page)).toBeVisible();
      await expect(passwordInput(page)).toHaveAttribute('type', 'password');
      await expect(page.getByLabel(UI_TEXT.keepMeLoggedIn)).toBeVisible();
      await expect(page.getByRole('link', { name: UI_TEXT.forgotPassword })).toBeVisible();
      await expect(signInButton(page)).toBeVisible();
    }
    await expectAccessible(page, 'sign-in', testInfo);
  });

  test('validation messages from the spec, cleared on edit', async ({ page }, testInfo) => {
    await page.goto('/login');
    await signInButton(page).click();
    await expect(page.getByText(V.emailRequired)).toBeVisible();
    await expect(page.getByText(V.passwordRequired)).toBeVisible();
    await expectAccessible(page, 'sign-in with errors', testInfo);

    await emailInput(page).fill('not-an-email');
    await expect(page.getByText(V.emailRequired)).toHaveCount(0);
    await passwordInput(page).fill('abc');
    await expect(page.getByText(V.passwordRequired)).toHaveCount(0);
    await signInButton(page).click();
    await expect(page.getByText(V.emailInvalid)).toBeVisible();
    await expect(page.getByText(V.passwordMin)).toBeVisible();

    await emailInput(page).fill('someone@example.com');
    await expect(page.getByText(V.emailInvalid)).toHaveCount(0);
    await passwordInput(page).fill('abcdef');
    await expect(page.getByText(V.passwordMin)).toHaveCount(0);
    await expectPath(page, '/login');
  });

  test('a wrong password shows the server message in an error toast and stays on sign-in', async ({ page }, testInfo) => {
    await fillSignIn(page, USERS.manager.email, 'Wrong-Password-123');
    await expect(page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.invalidCredentials })).toBeVisible();
    await expectPath(page, '/login');
    await expectAccessible(page, 'sign-in with an error toast', testInfo);
    // unknown e-mail: the same reply (no account enumeration)
    await fillSignIn(page, 'nobody@example.com', 'Wrong-Password-123');
    await expect(page.getByText(SERVER_MESSAGES.invalidCredentials)).toBeVisible();
  });

  test('correct details lead to /home with the module cards', async ({ page }, testInfo) => {
    await fillSignIn(page, USERS.admin.email, USERS.admin.password);
    await expectPath(page, '/home');
    await expect(page.getByRole('button', { name: UI_TEXT.open }).first()).toBeVisible();
    await expectAccessible(page, 'home', testInfo);
  });
});
