import { DELAYS, STORAGE_KEYS, UI_TEXT, maskEmail } from '@console/contract';
import { expectAccessible } from './support/axe';
import { USERS } from './support/env';
import { control, expect, expectPath, fillSignIn, otpBoxes, pathOf, test } from './support/fixtures';
import { otpCodeOf, waitForMail } from './support/mail';

const agent = USERS.agent;

/** Signs in as the two-step user and waits for the code form; returns the mailed code. */
async function reachOtpForm(page: import('@playwright/test').Page) {
  const since = Date.now();
  await fillSignIn(page, agent.email, agent.password);
  const clicked = Date.now();
  // The navigation event itself (not a poll of the URL, which may notice a second late and so
  // shorten the measured spinner): both delays below are measured from it.
  await page.waitForURL(/\/otp\/.+/, { timeout: DELAYS.afterLoginBeforeOtp + 7_000, waitUntil: 'commit' });
  const arrived = Date.now();
  const waited = arrived - clicked;
  const code = otpCodeOf(await waitForMail({ to: agent.email, since }));
  await expect(otpBoxes(page)).toHaveCount(6, { timeout: DELAYS.otpFormSpinner + 8_000 });
  const spinner = Date.now() - arrived;
  return { code, waited, spinner };
}

test.describe('two-step sign-in', () => {
  test('waits 3 s, shows six boxes for the mailed code, then /home 3 s after validating', async ({ page }, testInfo) => {
    const { code, waited, spinner } = await reachOtpForm(page);
    expect(waited, 'the spec delays the OTP screen by 3 s').toBeGreaterThanOrEqual(DELAYS.afterLoginBeforeOtp - 300);
    expect(spinner, 'the code form shows a 2 s spinner first').toBeGreaterThanOrEqual(DELAYS.otpFormSpinner - 500);
    await expect(page.getByText(maskEmail(agent.email))).toBeVisible();
    await expect(page.getByText(agent.email)).toHaveCount(0);
    await expectAccessible(page, 'otp', testInfo);

    // typing moves focus box by box
    const boxes = otpBoxes(page);
    await boxes.first().click();
    await page.keyboard.type(code.slice(0, 2));
    await expect(boxes.nth(2)).toBeFocused();
    // Backspace on an empty box moves back
    await page.keyboard.press('Backspace');
    await expect(boxes.nth(1)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(boxes.nth(1)).toHaveValue('');

    // pasting six digits fills every box
    await boxes.first().focus();
    await boxes.first().evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    for (let i = 0; i < 6; i++) await expect(boxes.nth(i)).toHaveValue(code[i]);

    // the browser back button is blocked on this screen
    const otpPath = pathOf(page);
    await page.goBack().catch(() => undefined);
    await page.waitForTimeout(500);
    expect(pathOf(page)).toBe(otpPath);

    const validated = Date.now();
    await page.getByRole('button', { name: UI_TEXT.validate, exact: true }).click();
    await expectPath(page, '/home', DELAYS.afterOtpSuccess + 10_000);
    expect(Date.now() - validated).toBeGreaterThanOrEqual(DELAYS.afterOtpSuccess - 300);
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.otpVerified)).toBe('true');
  });

  test('fewer than six digits are not submitted; a wrong code keeps the form', async ({ page }) => {
    const { code } = await reachOtpForm(page);
    const boxes = otpBoxes(page);
    await boxes.first().click();
    await page.keyboard.type(code.slice(0, 5));
    await page.getByRole('button', { name: UI_TEXT.validate, exact: true }).click();
    await page.waitForTimeout(DELAYS.afterOtpSuccess + 500);
    expect(pathOf(page)).toMatch(/^\/otp\//);

    const wrong = code
      .split('')
      .map((d) => String((Number(d) + 1) % 10))
      .join('');
    await boxes.first().focus();
    for (let i = 0; i < 6; i++) await boxes.nth(i).fill('');
    await boxes.first().click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: UI_TEXT.validate, exact: true }).click();
    await page.waitForTimeout(DELAYS.afterOtpSuccess + 500);
    expect(pathOf(page)).toMatch(/^\/otp\//);
  });

  test("'Back to login' leaves the code form", async ({ page }) => {
    await reachOtpForm(page);
    await control(page, UI_TEXT.backToLoginOtp).click();
    await expectPath(page, /^\/(login)?$/);
  });

  test('an unknown or used challenge token shows the expired view with Back to Login', async ({ page }, testInfo) => {
    await page.goto('/otp/this-token-does-not-exist');
    await expect(page.getByRole('img').first()).toBeVisible({ timeout: 10_000 });
    const back = control(page, UI_TEXT.backToLogin);
    await expect(back).toBeVisible();
    await expect(otpBoxes(page)).toHaveCount(0);
    await expectAccessible(page, 'otp expired', testInfo);
    await back.click();
    await expectPath(page, /^\/(login)?$/);
  });
});
