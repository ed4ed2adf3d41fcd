import { COOKIE_NAMES, DELAYS, ERROR_MESSAGES } from '@console/contract';
import { expectAccessible } from './support/axe';
import { endSessionServerSide, expect, expectPath, pageViewRecorded, signIn, test } from './support/fixtures';

test.describe('token expiry', () => {
  test('the page says the token expired and returns to / after 4 s', async ({ page }, testInfo) => {
    const opened = Date.now();
    await page.goto('/token-expiry');
    await expect(page.getByText(ERROR_MESSAGES.tokenExpired)).toBeVisible();
    await expectAccessible(page, 'token expiry', testInfo);
    await expectPath(page, '/', DELAYS.tokenExpiryRedirect + 6_000);
    expect(Date.now() - opened, 'redirects after 4 s, not before').toBeGreaterThanOrEqual(DELAYS.tokenExpiryRedirect - 100);
  });

  test('a session ended on the server sends the next API call to /token-expiry, then /', async ({ page, context, baseURL }) => {
    // /home's page-view record goes out when the browser is idle. Sent after the logout below, its
    // 401 would send the old document to /token-expiry, which clears the session cookie while the
    // reload is under way, and the new document then finds no session and opens /login.
    const homeViewed = pageViewRecorded(page, '/home');
    await signIn(page, 'manager', { fresh: true }); // this test ends its session: not the stored one
    await homeViewed;
    await endSessionServerSide(context, baseURL!);
    await page.reload();
    await expectPath(page, '/token-expiry');
    await expect(page.getByText(ERROR_MESSAGES.tokenExpired)).toBeVisible();
    await expectPath(page, '/', DELAYS.tokenExpiryRedirect + 6_000);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain(COOKIE_NAMES.userDetails);
    // and the signed-in area is closed again
    await page.goto('/home');
    await expectPath(page, /^\/(login)?$/);
  });
});
