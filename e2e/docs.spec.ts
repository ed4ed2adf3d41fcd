import type { Page } from '@playwright/test';
import { PRODUCT, dialog } from './support/admin';
import { expectAccessible } from './support/axe';
import { E2E } from './support/env';
import { expect, signIn, test } from './support/fixtures';

/** Clicks a form field's help icon and returns the new tab it opens, loaded. */
async function openHelp(page: Page, scope: ReturnType<Page['locator']>, fieldLabel: string) {
  const link = scope.getByRole('link', { name: `Help for ${fieldLabel} (opens in a new tab)` });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const opening = page.context().waitForEvent('page');
  await link.click();
  const help = await opening;
  await help.waitForLoadState();
  return help;
}

test.describe('in-product help', () => {
  test('a help icon on the user form opens /docs/users at the field, in a new tab', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: `${PRODUCT}/users` });
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    const form = dialog(page, 'Add user');
    const help = await openHelp(page, form, 'Email');
    await expect(help).toHaveURL(/\/docs\/users#email$/);
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Users');
    const section = help.getByRole('heading', { name: 'Email', exact: true });
    await expect(section).toHaveAttribute('id', 'email');
    await expect(section).toBeInViewport();
    await expect(help.getByText('Required and unique.', { exact: false })).toBeVisible();
    await expectAccessible(help, 'docs: users', testInfo);
    // the form stays where it was in the first tab
    await expect(form).toBeVisible();
    await help.close();
  });

  test('companies, roles and profile forms link to their own topics', async ({ page }) => {
    await signIn(page, 'admin', { at: `${PRODUCT}/companies` });
    await page.getByRole('button', { name: 'Add company', exact: true }).click();
    let help = await openHelp(page, dialog(page, 'Add company'), 'Logo');
    await expect(help).toHaveURL(/\/docs\/companies#logo$/);
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Companies');
    await expect(help.getByRole('heading', { name: 'Logo', exact: true })).toBeInViewport();
    await help.close();

    await page.goto(`${PRODUCT}/roles`);
    await page.getByRole('button', { name: 'Add role', exact: true }).click();
    help = await openHelp(page, dialog(page, 'Add role'), 'Description');
    await expect(help).toHaveURL(/\/docs\/roles#description$/);
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Roles');
    await help.close();

    await page.goto('/profile/about');
    help = await openHelp(page, page.getByRole('form', { name: 'Edit profile' }), 'Primary colour');
    await expect(help).toHaveURL(/\/docs\/profile#primary-colour$/);
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Your profile');
    await expect(help.getByRole('heading', { name: 'Primary colour', exact: true })).toBeInViewport();
    await help.close();
  });

  test('the help index lists every topic, and an unknown topic says so', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: '/docs' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${E2E.productName} Help`);
    for (const topic of [
      'Signing in',
      'Two-step sign-in',
      'Resetting your password',
      'Companies',
      'Users',
      'Roles',
      'Permissions',
      'Module permissions',
      'Your profile',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(`^${topic}`) }).first()).toBeVisible();
    }
    await expectAccessible(page, 'docs index', testInfo);
    await page
      .getByRole('link', { name: /^Permissions/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/docs\/permissions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permissions');
    await expectAccessible(page, 'docs: permissions', testInfo);

    await page.goto('/docs/no-such-topic');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help topic not found');
    await page.getByRole('link', { name: 'All help topics' }).click();
    await expect(page).toHaveURL(/\/docs$/);
  });
});
