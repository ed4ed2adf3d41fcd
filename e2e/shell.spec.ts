import { ERROR_MESSAGES, IMAGE_PATHS, UI_TEXT, buildModuleCatalogue } from '@console/contract';
import { expectAccessible } from './support/axe';
import { E2E, USERS } from './support/env';
import { expect, expectPath, openProfileMenu, signIn, test } from './support/fixtures';

const catalogue = buildModuleCatalogue({ slug: E2E.productSlug, name: E2E.productName });
const sidebar = (page: import('@playwright/test').Page) => page.getByRole('navigation').first();

test.describe('shell', () => {
  test('the sidebar lists exactly the permitted menus and marks the active one', async ({ page }, testInfo) => {
    await signIn(page, 'manager', { at: '/demo-admin/clients' });
    const links = sidebar(page).getByRole('link');
    await expect(links).toHaveText(['Clients', 'Demo Media']);
    await expect(links.first()).toHaveAttribute('href', '/demo-admin/clients');
    await expect(links.nth(1)).toHaveAttribute('href', '/demo-admin/demo-media');

    // the active item uses the selected- icon, the others the plain one
    const activeIcon = links.first().locator('img');
    await expect(activeIcon).toHaveAttribute('src', new RegExp(`${IMAGE_PATHS.menus}${IMAGE_PATHS.selectedMenuPrefix}clients`));
    await expect(links.nth(1).locator('img')).toHaveAttribute('src', new RegExp(`${IMAGE_PATHS.menus}demo-media`));
    await expect(page.getByRole('banner').getByText('Clients', { exact: true })).toBeVisible();
    await expectAccessible(page, 'shell (clients)', testInfo);

    await links.nth(1).click();
    await expectPath(page, '/demo-admin/demo-media');
    await expect(links.nth(1).locator('img')).toHaveAttribute('src', /selected-demo-media/);
    await expect(page.getByRole('banner').getByText('Demo Media', { exact: true })).toBeVisible();

    // the profile module shows its own menus
    await page.goto('/profile/about');
    await expect(sidebar(page).getByRole('link')).toHaveText(['About', 'User Activity', 'User Sessions']);
  });

  test('the accessibility check every screen runs fails on a serious violation, naming the rule', async ({ page }) => {
    // Proves support/axe.ts still finds what it must (it runs axe in legacy mode with only the
    // violations in detail): an unnamed icon button and grey-on-white text added to a clean screen.
    await signIn(page, 'manager', { at: '/demo-admin/clients' });
    await expect(sidebar(page).getByRole('link').first()).toBeVisible();
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      const button = document.createElement('button');
      button.innerHTML = '<svg width="16" height="16" aria-hidden="true"></svg>';
      const faint = document.createElement('p');
      faint.textContent = 'Hard to read';
      faint.style.cssText = 'color:#d8d8d8;background:#ffffff';
      main.append(button, faint);
    });
    const failure = await expectAccessible(page, 'broken on purpose').then(
      () => '',
      (e: Error) => e.message,
    );
    expect(failure).toContain('button-name');
    expect(failure).toContain('color-contrast');
  });

  test('on a page longer than the window, a full-page capture shows the sidebar to the bottom', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', { at: '/tone-dashboard/home' });
    await expect(page.getByRole('heading', { name: 'Recent requests' })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'the page is longer than the window').toBeGreaterThan(1000);
    // One pixel each, as 1x1 PNGs: equal colours give equal bytes.
    const pixel = (x: number, y: number) =>
      page.screenshot({ fullPage: true, clip: { x, y, width: 1, height: 1 }, animations: 'disabled' });
    const sidebarTop = await pixel(120, 400); // inside the fixed sidebar, below its menu
    const sidebarBottom = await pixel(120, height - 20); // below the window's height
    const mainBottom = await pixel(270, height - 5); // the tinted main surface beside it
    expect(sidebarBottom.equals(sidebarTop), 'the sidebar colour goes on below the window').toBe(true);
    expect(mainBottom.equals(sidebarTop), 'the main surface is another colour').toBe(false);
  });

  test("top bar: 'Back To Home', theme toggle and the profile dropdown", async ({ page }, testInfo) => {
    await signIn(page, 'manager', { at: '/demo-admin/clients' });
    await openProfileMenu(page);
    const menu = page.getByRole('menu');
    await expect(menu.getByText(USERS.manager.email)).toBeVisible();
    await expectAccessible(page, 'profile dropdown', testInfo);
    await menu.getByRole('menuitem', { name: UI_TEXT.profile }).click();
    await expectPath(page, '/profile/about');

    // a link or a button, whichever the shell renders
    await page
      .getByRole('banner')
      .getByRole('link', { name: UI_TEXT.backToHome })
      .or(page.getByRole('banner').getByRole('button', { name: UI_TEXT.backToHome }))
      .click();
    await expectPath(page, '/home');
  });
});

test.describe('every screen', () => {
  // The super admin opens every screen, one test per module, in parallel: the two workers share
  // the walk (twenty screens, each checked by axe) and a retry repeats one module, not all of them.
  test.describe.configure({ mode: 'parallel' });
  for (const m of catalogue) {
    test(`the super admin can open every screen of the ${m.name} module`, async ({ page }, testInfo) => {
      test.setTimeout(60_000 + m.menus.length * 20_000);
      await signIn(page, 'admin');
      for (const menu of m.menus) {
        const path = `/${m.slug}/${menu.slug}`;
        await page.goto(path);
        await expectPath(page, path);
        await expect(sidebar(page).getByRole('link')).toHaveCount(m.menus.length);
        await expect(page.getByRole('banner').getByText(menu.name, { exact: true })).toBeVisible();
        await expect.soft(page.getByText(ERROR_MESSAGES.boundaryPrefix)).toHaveCount(0);
        await expectAccessible(page, path, testInfo, { soft: true });
      }
    });
  }
});
