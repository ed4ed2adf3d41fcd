// Second factors beside the e-mailed code (issue 18 part 3): an authenticator app with recovery
// codes, and passkeys through Chromium's virtual authenticator (DevTools WebAuthn domain).
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { type AppServer, ROOT, startAppServer } from '../scripts/lib/app-server';
import { Api, signInAs, TEST_PASSWORD, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { E2E, serverEnv } from './support/env';
import { completeOtp, emailInput, expect, expectPath, otpBoxes, passwordInput, signIn, signInButton, test } from './support/fixtures';

const appCode = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });

async function newStaff(baseURL: string, tag: string) {
  const admin = await Api.admin(baseURL);
  const email = `e2e-factors-${tag}@example.test`;
  const user = await admin.createUser({ firstname: 'Fay', lastname: `Factor ${tag}`, email, roleId: 3 });
  return { admin, user, email };
}

/** Out of the session as a closed browser would be, on the same page (a virtual authenticator stays attached). */
async function forgetSession(page: Page, origin: string) {
  await page.context().clearCookies();
  await page.goto(`${origin}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${origin}/login`);
}

async function passwordStep(page: Page, origin: string, email: string) {
  await forgetSession(page, origin);
  await emailInput(page).fill(email);
  await passwordInput(page).fill(TEST_PASSWORD);
  await signInButton(page).click();
  await expectPath(page, /^\/otp\//, 20_000);
}

test.describe('authenticator app', () => {
  test('enrol on the profile, sign in with an app code and with a recovery code; an administrator resets it', async ({
    page,
    baseURL,
  }, testInfo) => {
    // Four two-step sign-ins, each with the spec's pauses (3 s before the form, 2 s spinner, 3 s after).
    test.setTimeout(180_000);
    const { admin, user, email } = await newStaff(baseURL!, uniqueTag());
    await signInAs(page, email);
    await page.goto('/profile/about');
    const card = page.getByRole('region', { name: 'Sign-in security' });
    await expect(card.getByText('E-mailed code:')).toBeVisible();
    await expectAccessible(page, 'profile with sign-in security', testInfo);

    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await setup.locator('code').innerText()).replace(/\s/g, '');
    await expectAccessible(page, 'authenticator app setup', testInfo);
    await setup.getByLabel('2. Enter the 6-digit code the app shows').fill('000000' === appCode(secret) ? '111111' : '000000');
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(setup.getByText('That code is not right')).toBeVisible();
    await setup.getByLabel('2. Enter the 6-digit code the app shows').fill(appCode(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();

    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const items = saved.getByRole('list', { name: 'Recovery codes' }).locator('li');
    // allInnerTexts does not wait: the dialog opens when the confirming call answers.
    await expect(items).toHaveCount(10);
    const codes = (await items.allInnerTexts()).map((c) => c.trim());
    expect(new Set(codes).size).toBe(10);
    await page.screenshot({ path: testInfo.outputPath('recovery-codes.png') });
    await saved.getByRole('button', { name: 'I saved them' }).click();
    await expect(card.getByText('10 of 10 recovery codes left.')).toBeVisible();

    // The app's code signs in; no code is e-mailed. The next 30 s step: the enrolment used this one.
    await passwordStep(page, baseURL!, email);
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await expectAccessible(page, 'two-step page with an authenticator app', testInfo);
    await page.screenshot({ path: testInfo.outputPath('otp-authenticator.png') });
    await otpBoxes(page).first().click();
    await page.keyboard.type(appCode(secret, 30_000));
    await page.getByRole('button', { name: 'Validate' }).click();
    await expectPath(page, '/home', 20_000);

    // A recovery code, once.
    await passwordStep(page, baseURL!, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Validate' }).click();
    await expectPath(page, '/home', 20_000);

    // The e-mailed code, sent only when asked for; the app stays one link away.
    await passwordStep(page, baseURL!, email);
    const since = Date.now();
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect(page.getByText('Enter the 6-digit code we sent to')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use your authenticator app or passkey instead' })).toBeVisible();
    await completeOtp(page, email, since);

    // The administrator resets the factors from the users list; the next sign-in is one step.
    await forgetSession(page, baseURL!);
    await signIn(page, 'admin', { fresh: true });
    await page.goto(`/${E2E.productSlug}/users`);
    await page.getByPlaceholder('Search by name or email…').fill(email);
    await page.getByRole('button', { name: `Reset second factors of Fay ${user.lastname}` }).click();
    await page.getByRole('button', { name: 'Yes, reset them' }).click();
    await expect(page.getByText('Second factors removed.')).toBeVisible();
    const reset = await Api.signIn(baseURL!, email, TEST_PASSWORD);
    expect(reset.user.email).toBe(email);
    await admin.deleteUser(user.id);
  });
});

test.describe('passkeys', () => {
  // Browsers refuse an IP address as a WebAuthn relying party: a server of its own at localhost.
  let server: AppServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const env = { ...serverEnv(1), SMTP_URL: '' };
    server = await startAppServer({ name: 'passkeys', env, appHost: 'localhost', logDir: path.join(ROOT, 'test-results') });
  });
  test.afterAll(async () => server?.stop());

  test('add a passkey on the profile, use it as the second step, then alone', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const origin = server.url;
    const { email } = await newStaff(`http://127.0.0.1:${server.port}`, uniqueTag());
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await forgetSession(page, origin);
    await emailInput(page).fill(email);
    await passwordInput(page).fill(TEST_PASSWORD);
    await signInButton(page).click();
    await expectPath(page, '/home', 20_000);
    await page.goto(`${origin}/profile/about`);
    const card = page.getByRole('region', { name: 'Sign-in security' });
    await card.getByLabel('Passkey name').fill('Virtual key');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(card.getByRole('list', { name: 'Your passkeys' }).getByText('Virtual key')).toBeVisible();
    await expectAccessible(page, 'profile with a passkey', testInfo);
    await page.screenshot({ path: testInfo.outputPath('profile-passkey.png'), fullPage: true });

    // The second step after the password.
    await passwordStep(page, origin, email);
    await expect(page.getByText('Use your passkey to finish signing in.')).toBeVisible();
    await page.getByRole('button', { name: 'Use passkey' }).click();
    await expectPath(page, '/home', 20_000);

    // Alone, once the user chose so.
    await page.goto(`${origin}/profile/about`);
    await card.getByRole('switch', { name: /Let my passkeys sign me in without a password/ }).click();
    await expect(page.getByText('Your passkeys can now sign you in without a password')).toBeVisible();
    await forgetSession(page, origin);
    await expectAccessible(page, 'sign-in with a passkey button', testInfo);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectPath(page, '/home', 20_000);
    await expect(page.getByRole('heading').first()).toBeVisible();
    // One discoverable credential, used for each of the three ceremonies' signatures.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
  });
});
