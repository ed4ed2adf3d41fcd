import { ERROR_MESSAGES, MODULE_IDS, PERMISSION_KEYS, PUBLIC_ROUTES, UI_TEXT } from '@console/contract';
import type { Page } from '@playwright/test';
import { Api, menuIds, rowWith, roleWithUser, settled, signInAs, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, expectPath, test } from './support/fixtures';

const K = PERMISSION_KEYS;
// A role of this file's own: the profile module with its three menus, editing and ending own sessions.
const PROFILE_GRANTS = {
  moduleIds: [MODULE_IDS.profile],
  menuIds: menuIds(MODULE_IDS.profile, 'about', 'user-activity', 'user-sessions'),
  roleKeys: [K.profile.view, K.profile.update, K.userActivity.view, K.userSessions.view, K.userSessions.revoke],
};

const textbox = (page: Page, name: string) => page.getByRole('form', { name: 'Edit profile' }).getByRole('textbox', { name, exact: true });
const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe('profile pages', () => {
  test('about (/profile opens it): edit names and colours; the theme, the top bar and the summary follow at once and after reload', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const { user } = await roleWithUser(await Api.admin(baseURL!), `about${tag}`, PROFILE_GRANTS, { firstname: 'Paula' });
    await signInAs(page, user.email);
    // /profile has no screen of its own: it opens About (spec s.4's fallback for the module).
    await page.goto('/profile');
    await expectPath(page, '/profile/about');
    await expect(page.getByRole('heading', { name: `Paula ${user.lastname}` })).toBeVisible();
    await expect(textbox(page, 'Primary colour')).toHaveValue('#143f6f'); // the spec default
    expect(await cssVar(page, '--mantine-color-brand-6')).toBe('#143f6f');
    await expectAccessible(page, 'profile about', testInfo);

    await textbox(page, 'First name').fill('Pia');
    await textbox(page, 'Last name').fill(`Renamed ${tag}`);
    await textbox(page, 'Primary colour').fill('#7b2d8e');
    await textbox(page, 'Secondary colour').fill('1c7c54'); // '#' is prepended
    await page.getByRole('form', { name: 'Edit profile' }).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();

    await expect(page.getByRole('heading', { name: `Pia Renamed ${tag}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu, Pia Renamed ${tag}` })).toBeVisible();
    await expect.poll(() => cssVar(page, '--mantine-color-brand-6')).toBe('#7b2d8e');
    await expect.poll(() => cssVar(page, '--mantine-color-accent-6')).toBe('#1c7c54');
    // a primary (filled) button is now painted in the new colour
    const save = page.getByRole('form', { name: 'Edit profile' }).getByRole('button', { name: 'Save' });
    await page.mouse.move(0, 0); // not hovered (hover is a darker shade)
    await expect(save).toHaveCSS('background-color', 'rgb(123, 45, 142)');
    await expectAccessible(page, 'profile about (new colours)', testInfo);

    await page.reload();
    await expect(textbox(page, 'First name')).toHaveValue('Pia');
    await expect(textbox(page, 'Secondary colour')).toHaveValue('#1c7c54');
    await expect.poll(() => cssVar(page, '--mantine-color-brand-6')).toBe('#7b2d8e');

    // the form keeps the schema's rules
    await textbox(page, 'First name').fill('');
    await page.getByRole('form', { name: 'Edit profile' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(textbox(page, 'First name')).toBeFocused();
  });

  test('leaving About with the form changed asks first; Keep editing stays with the input', async ({ page, baseURL }) => {
    const tag = uniqueTag();
    const { user } = await roleWithUser(await Api.admin(baseURL!), `leave${tag}`, PROFILE_GRANTS);
    await signInAs(page, user.email);
    await page.goto('/profile/about');
    const nav = page.getByRole('navigation', { name: 'Profile menu' });
    await textbox(page, 'First name').fill(`Changed ${tag}`);
    await nav.getByRole('link', { name: 'User Activity' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toContainText('Your changes to your profile have not been saved. Leave and lose them?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expectPath(page, '/profile/about');
    await expect(textbox(page, 'First name')).toHaveValue(`Changed ${tag}`);
    await nav.getByRole('link', { name: 'User Activity' }).click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expectPath(page, '/profile/user-activity');
  });

  test('user activity lists the pages just viewed, newest first, and searches them', async ({ page, baseURL }, testInfo) => {
    const tag = uniqueTag();
    const { user } = await roleWithUser(await Api.admin(baseURL!), `act${tag}`, PROFILE_GRANTS);
    await signInAs(page, user.email);
    await page.goto('/profile/about');
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Profile menu' });
    await nav.getByRole('link', { name: 'User Sessions' }).click();
    await expectPath(page, '/profile/user-sessions');
    await settled(page);
    await nav.getByRole('link', { name: 'User Activity' }).click();
    await expectPath(page, '/profile/user-activity');

    const activity = table(page, 'User activity');
    await expect(page.getByRole('heading', { name: 'Your activity' })).toBeVisible();
    await expect(rowWith(activity, '/profile/user-sessions')).toHaveCount(1);
    await expect(rowWith(activity, '/profile/about')).toHaveCount(1);
    await expect(rowWith(activity, '/profile/user-sessions')).toContainText('page-view');
    await expect(rowWith(activity, '/profile/user-sessions')).toContainText('Viewed User Sessions');
    // newest first: the sessions page was opened after the about page
    const paths = await activity.locator('tbody tr code').allInnerTexts();
    expect(paths.indexOf('/profile/user-sessions')).toBeLessThan(paths.indexOf('/profile/about'));
    await expectAccessible(page, 'user activity', testInfo);

    await page.getByRole('searchbox', { name: 'Search activity' }).fill('user-sessions');
    await expect(page).toHaveURL(/search=user-sessions/);
    await expect(rowWith(activity, '/profile/about')).toHaveCount(0);
    await expect(rowWith(activity, '/profile/user-sessions')).toHaveCount(1);
  });

  test('user sessions: the current one is marked; ending the other one sends that browser to /token-expiry on its next call', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const { user } = await roleWithUser(await Api.admin(baseURL!), `ses${tag}`, PROFILE_GRANTS);
    const elsewhere = await browser.newContext({ baseURL });
    try {
      const other = await elsewhere.newPage();
      await signInAs(other, user.email);
      await signInAs(page, user.email);
      await page.goto('/profile/user-sessions');

      const sessions = table(page, 'User sessions');
      await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
      const active = sessions.locator('tbody tr').filter({ hasText: 'Active' });
      await expect(active).toHaveCount(2);
      const mine = active.filter({ hasText: 'This session' });
      await expect(mine).toHaveCount(1);
      await expect(mine.getByRole('button', { name: /^End session/ })).toHaveCount(0); // Sign Out ends this one
      const theirs = active.filter({ hasNotText: 'This session' });
      await expectAccessible(page, 'user sessions', testInfo);

      await theirs.getByRole('button', { name: /^End session started / }).click();
      const ask = page.getByRole('dialog', { name: 'End this session?' });
      await expect(ask.getByText('is signed out at once')).toBeVisible();
      await expectAccessible(page, 'end session confirm', testInfo);
      await ask.getByRole('button', { name: 'End session' }).click();
      await expect(toast(page, 'Session ended')).toBeVisible();
      await expect(sessions.locator('tbody tr').filter({ hasText: 'revoked' })).toHaveCount(1);
      await expect(sessions.locator('tbody tr').filter({ hasText: 'Active' })).toHaveCount(1);

      // the other browser still shows its page; its next API call answers 401 -> /token-expiry
      await expectPath(other, '/home');
      await other
        .getByRole('article')
        .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
        .click();
      await expectPath(other, PUBLIC_ROUTES.tokenExpiry);
      await expect(other.getByText(ERROR_MESSAGES.tokenExpired)).toBeVisible();
      await expectPath(other, /^\/(login)?$/, 10_000); // and back to sign-in after the spec's 4 s

      // this browser is still signed in
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });
});
