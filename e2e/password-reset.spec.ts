import { SERVER_MESSAGES, UI_TEXT, VALIDATION_MESSAGES as V } from '@console/contract';
import { Api, TEST_PASSWORD, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { USERS } from './support/env';
import { emailInput, expect, expectPath, fillSignIn, test } from './support/fixtures';
import { linkOf, waitForMail } from './support/mail';

const NEW_PASSWORD = 'Fresh-Guest-Pass-5519';

/**
 * A guest-role user of this test's own: a reset ends the user's sessions and changes the
 * password, which would pull the rug from under the seeded guest's stored session in a
 * parallel spec.
 */
async function ownGuest(baseURL: string) {
  const tag = uniqueTag('reset');
  const admin = await Api.admin(baseURL);
  const created = await admin.createUser({
    firstname: 'Rhea',
    lastname: `Reset ${tag}`,
    email: `${tag}@example.test`,
    roleId: USERS.guest.roleId,
  });
  return { email: created.email, password: TEST_PASSWORD };
}

const passwordField = (page: import('@playwright/test').Page) => page.getByLabel(/^(new )?password/i);
const confirmField = (page: import('@playwright/test').Page) => page.getByLabel(/confirm/i);

test.describe('forgot and reset password', () => {
  test('forgot-password screen: field, button, link and the sign-in e-mail rules', async ({ page }, testInfo) => {
    await page.goto('/login');
    await page.getByRole('link', { name: UI_TEXT.forgotPassword }).click();
    await expectPath(page, '/forgot-password');
    await expect(emailInput(page)).toBeVisible();
    await expectAccessible(page, 'forgot password', testInfo);

    const send = page.getByRole('button', { name: UI_TEXT.sendMail, exact: true });
    await send.click();
    await expect(page.getByText(V.emailRequired)).toBeVisible();
    await emailInput(page).fill('nope');
    await send.click();
    await expect(page.getByText(V.emailInvalid)).toBeVisible();

    await page.getByRole('link', { name: UI_TEXT.backToLogin }).click();
    await expectPath(page, /^\/(login)?$/);
  });

  test('reset through the mailed link: new password works, old one fails', async ({ page, baseURL }, testInfo) => {
    const user = await ownGuest(baseURL!);
    const since = Date.now();
    await page.goto('/forgot-password');
    await emailInput(page).fill(user.email);
    await page.getByRole('button', { name: UI_TEXT.sendMail, exact: true }).click();
    const mail = await waitForMail({ to: user.email, since });
    const link = linkOf(mail, '/reset-password');
    expect(new URL(link).pathname).toBe('/reset-password');

    await page.goto(link);
    await expect(passwordField(page)).toBeVisible();
    await expect(confirmField(page)).toBeVisible();
    await expectAccessible(page, 'reset password', testInfo);

    const submit = page.getByRole('button', { name: UI_TEXT.resetPassword, exact: true });
    await submit.click();
    await expect(page.getByText(V.passwordRequired)).toBeVisible();
    await expect(page.getByText(V.confirmRequired)).toBeVisible();
    await passwordField(page).fill('short');
    await confirmField(page).fill('different');
    await submit.click();
    await expect(page.getByText(V.passwordMin)).toBeVisible();
    await passwordField(page).fill(NEW_PASSWORD);
    await submit.click();
    await expect(page.getByText(V.passwordsMismatch)).toBeVisible();
    await confirmField(page).fill(NEW_PASSWORD);
    await submit.click();
    await expectPath(page, /^\/(login)?$/);

    await fillSignIn(page, user.email, user.password);
    await expect(page.getByText(SERVER_MESSAGES.invalidCredentials)).toBeVisible();
    await fillSignIn(page, user.email, NEW_PASSWORD);
    await expectPath(page, '/home');

    // the link is single use: a second reset with it fails and the new password still works
    const again = await fetch(`${baseURL}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resetToken: new URL(link).searchParams.get('token'), newPassword: 'Another-Pass-8812' }),
    });
    expect(again.status).toBe(400);
    // and the used link, opened again, says it is dead straight away
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.resetInvalid);
    await expect(passwordField(page)).toHaveCount(0);
  });

  test('a dead reset link says so at once, before any password is typed, and offers a new link', async ({ page }, testInfo) => {
    for (const url of ['/reset-password?token=bogus-token-value', '/reset-password']) {
      await page.goto(url);
      await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.resetInvalid);
      await expect(passwordField(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: UI_TEXT.resetPassword, exact: true })).toHaveCount(0);
    }
    await expectAccessible(page, 'reset password (dead link)', testInfo);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expectPath(page, '/forgot-password');
  });
});
