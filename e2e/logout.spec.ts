import { CONFIRM_TEXT, STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { expectAccessible } from './support/axe';
import { expect, expectPath, openProfileMenu, sessionOf, signIn, test } from './support/fixtures';

test.describe('logout', () => {
  test('confirm dialog, then the session ends, a Logged Out toast, and back to /', async ({ page, context, baseURL }, testInfo) => {
    await signIn(page, 'manager', { fresh: true }); // this test ends its session: not the stored one
    const { accessToken } = await sessionOf(context);

    // cancelling keeps the user signed in
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: UI_TEXT.signOut }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(CONFIRM_TEXT.logoutTitle)).toBeVisible();
    await expect(dialog.getByText(CONFIRM_TEXT.logoutBody)).toBeVisible();
    await expectAccessible(page, 'logout confirm dialog', testInfo);
    await dialog.getByRole('button', { name: CONFIRM_TEXT.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expectPath(page, '/home');

    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: UI_TEXT.signOut }).click();
    await page.getByRole('dialog').getByRole('button', { name: CONFIRM_TEXT.logoutConfirm }).click();
    await expect(page.getByText(UI_TEXT.loggedOutTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(UI_TEXT.loggedOutBody)).toBeVisible();
    await expectPath(page, '/');
    await expectAccessible(page, "sign-in with the 'Logged Out' toast", testInfo);

    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toEqual([]);
    expect(
      await page.evaluate((k) => [localStorage.getItem(k.m), localStorage.getItem(k.o)], {
        m: STORAGE_KEYS.menuName,
        o: STORAGE_KEYS.otpVerified,
      }),
    ).toEqual([null, null]);

    // the old token is dead on the server
    const res = await fetch(`${baseURL}/api/modules`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.status).toBe(401);

    await page.goto('/home');
    await expectPath(page, /^\/(login)?$/);
  });
});
