import { UI_TEXT, accessDeniedMessage, buildModuleCatalogue } from '@console/contract';
import { expectAccessible } from './support/axe';
import { E2E } from './support/env';
import { expect, expectPath, signIn, test } from './support/fixtures';

const catalogue = buildModuleCatalogue({ slug: E2E.productSlug, name: E2E.productName });
const byId = (id: number) => catalogue.find((m) => m.id === id)!;
const card = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cardHeadings = (page: import('@playwright/test').Page) => page.getByRole('article').getByRole('heading');

test.describe('home access rules', () => {
  test('the super admin sees all five module cards and each opens its first menu', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await expect(cardHeadings(page)).toHaveText(
      catalogue.map((m) => m.name),
      { useInnerText: true },
    );
    for (const m of catalogue) {
      await expect(card(page, m.name).getByText(m.description)).toBeVisible();
      await expect(card(page, m.name).locator('img')).toBeVisible(); // the logo (decorative: alt="")
    }
    await expectAccessible(page, 'home (super admin)', testInfo);

    for (const m of catalogue) {
      await page.goto('/home');
      await card(page, m.name)
        .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
        .click();
      await expectPath(page, `/${m.slug}/${m.menus[0].slug}`);
    }
  });

  test('the content manager sees its two modules and lands on its first permitted menu', async ({ page }, testInfo) => {
    await signIn(page, 'manager');
    await expect(cardHeadings(page)).toHaveText([byId(2).name, byId(4).name]);
    await expectAccessible(page, 'home (manager)', testInfo);
    await card(page, byId(2).name)
      .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
      .click();
    await expectPath(page, '/demo-admin/clients');
  });

  test("the support agent gets 'Access Denied' for a module without menus", async ({ page }, testInfo) => {
    await signIn(page, 'agent');
    await expect(cardHeadings(page)).toHaveText([byId(1).name, byId(3).name, byId(4).name]);
    // let the sign-in toast go first, so axe judges the alert alone (toasts are checked in sign-in.spec)
    await expect(page.locator('[data-toast-type]')).toHaveCount(0, { timeout: 10_000 });
    await card(page, byId(3).name)
      .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
      .click();
    const alert = page.getByRole('dialog');
    await expect(alert.getByText(UI_TEXT.accessDeniedTitle)).toBeVisible();
    await expect(alert.getByText(accessDeniedMessage(byId(3).name))).toBeVisible();
    await expectAccessible(page, 'access denied alert', testInfo);
    await page.keyboard.press('Escape');
    await expect(alert).toHaveCount(0);
    await expectPath(page, '/home');

    await card(page, byId(1).name)
      .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
      .click();
    await expectPath(page, '/tone-dashboard/locations');
  });

  test("a user without modules sees 'Please contact Admin' and the support e-mail", async ({ page }, testInfo) => {
    await signIn(page, 'guest');
    await expect(page.getByText(UI_TEXT.contactAdminTitle)).toBeVisible();
    await expect(page.getByText(UI_TEXT.noAccessBody)).toBeVisible();
    // Nothing to choose: the welcome line does not ask to choose a module.
    await expect(page.getByText('Your account has no modules yet.')).toBeVisible();
    await expect(page.getByText('Choose a module to continue.')).toHaveCount(0);
    await expect(page.getByText(E2E.supportEmail)).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })).toHaveCount(0);
    await expectAccessible(page, 'home (no modules)', testInfo);
  });
});
