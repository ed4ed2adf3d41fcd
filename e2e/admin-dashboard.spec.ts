import { ADMIN_API_PATHS, MODULE_IDS, PERMISSION_KEYS } from '@console/contract';
import { contrastRatio } from '../apps/web/src/lib/theme/color-tuple';
import { Api, menuIds, PRODUCT, signInAs, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test, themeToggle } from './support/fixtures';

type Dashboard = { data: { companies: number; users: number; roles: number; signInsPerDay: { date: string; count: number }[] } };

test.describe('product dashboard', () => {
  test('stat cards, the sign-ins chart with its table, and recent changes that include a change just made', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await Api.admin(baseURL!);
    await signIn(page, 'admin', { at: `${PRODUCT}/dashboard` });

    const cards = page.locator('li[data-stat]');
    await expect(cards).toHaveCount(5);
    await expect(cards.locator('p:first-child')).toHaveText(['Companies', 'Users', 'Active users', 'Roles', 'Active sessions']);
    const figures = (await admin.call<Dashboard>('GET', ADMIN_API_PATHS.productDashboard)).data;
    const card = (key: string) => page.locator(`li[data-stat="${key}"]`);
    await expect(card('companies')).toContainText(String(figures.companies));
    await expect(card('roles')).toContainText(String(figures.roles));
    await expect(card('active-users')).toContainText('% of all users');

    // chart: drawn for the eye, and the same figures as a table for screen readers
    const chart = page.getByRole('region', { name: 'Sign-ins per day' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('[data-chart="per-day"] canvas')).toBeVisible();
    await expect(chart.getByText(/^\d+ sign-ins? in the last \d+ days?/)).toBeVisible();
    const days = chart.getByRole('table', { name: 'Sign-ins per day' }).locator('tbody tr');
    await expect(days).toHaveCount(figures.signInsPerDay.length);
    const today = figures.signInsPerDay[figures.signInsPerDay.length - 1];
    expect(today.count).toBeGreaterThan(0); // this test signed in twice today
    await expectAccessible(page, 'product dashboard', testInfo);

    // a change made now shows at the top of recent changes after Refresh
    const company = await admin.createCompany({ name: `Dashboard Co ${uniqueTag()}` });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const changes = page.getByRole('list', { name: 'Recent changes' }).getByRole('listitem');
    // Named, not numbered: "Company: Dashboard Co …" rather than "Company #6".
    await expect(changes.first()).toContainText(`Company: ${company.name}`);
    await expect(changes.first()).not.toContainText(`#${company.id}`);
    await expect(changes.first()).toContainText('Create');
    await expect(changes.first()).toContainText('by Super Admin');
    await expect(changes.first().locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(card('companies')).toContainText(String(figures.companies + 1));
  });

  test('on a phone the chart is drawn once it is scrolled into view, its summary and table are there before', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: `${PRODUCT}/dashboard` });
    const chart = page.getByRole('region', { name: 'Sign-ins per day' });
    await expect(chart.getByText(/^\d+ sign-ins? in the last \d+ days?/)).toBeAttached();
    await expect(chart.getByRole('table', { name: 'Sign-ins per day' })).toBeAttached();
    // Below the fold (five stat cards above it): a box of the chart's height holds its place.
    await expect(page.locator('li[data-stat]')).toHaveCount(5);
    await expect(chart.locator('[data-in-view="waiting"]')).toHaveCount(1);
    await expect(chart.locator('canvas')).toHaveCount(0);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('[data-chart="per-day"] canvas').first()).toBeVisible();
    await expect(chart.locator('[data-in-view]')).toHaveCount(0);
  });

  test("the sign-ins line keeps 3:1 against its card in the user's own light colour, in light and in dark mode (WCAG 1.4.11)", async ({
    page,
    baseURL,
  }) => {
    const admin = await Api.admin(baseURL!);
    const tag = uniqueTag();
    const role = await admin.createRole(`E2E chart ${tag}`);
    await admin.setGrants(role.id, {
      moduleIds: [MODULE_IDS.product],
      menuIds: menuIds(MODULE_IDS.product, 'dashboard'),
      roleKeys: [PERMISSION_KEYS.productDashboard.view],
    });
    // A light blue: Mantine's shade 5 of it, what the line was drawn in, is 1.7:1 on white.
    const user = await admin.createUser({
      firstname: 'Cleo',
      lastname: `Chart ${tag}`,
      email: `e2e-chart-${tag}@example.test`,
      roleId: role.id,
      primaryColor: '#74c0fc',
    });
    await signInAs(page, user.email);
    await page.goto(`${PRODUCT}/dashboard`);
    const chart = page.getByRole('region', { name: 'Sign-ins per day' });
    await chart.scrollIntoViewIfNeeded();
    // The line's colour as drawn (the most frequent opaque colour on the canvas that is not a grey
    // of the axes and grid; the area under it is translucent) and the card's background.
    const lineOnCard = () =>
      chart.evaluate((card) => {
        const canvas = card.querySelector<HTMLCanvasElement>('[data-chart="per-day"] canvas');
        const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        if (!pixels) return null;
        const counts = new Map<string, number>();
        for (let i = 0; i < pixels.length; i += 4) {
          const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(i, i + 4);
          if (a < 255 || Math.max(r, g, b) - Math.min(r, g, b) < 24) continue;
          const hex = `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
          counts.set(hex, (counts.get(hex) ?? 0) + 1);
        }
        const line = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
        const rgb = getComputedStyle(card).backgroundColor.match(/\d+/g) ?? [];
        const background = `#${rgb
          .slice(0, 3)
          .map((n) => Number(n).toString(16).padStart(2, '0'))
          .join('')}`;
        return line ? { line, background } : null;
      });
    for (const scheme of ['light', 'dark']) {
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await expect
        .poll(
          async () => {
            const drawn = await lineOnCard();
            return drawn && contrastRatio(drawn.line, drawn.background);
          },
          { message: `${scheme}: the line against its card` },
        )
        .toBeGreaterThanOrEqual(3);
      if (scheme === 'light') await themeToggle(page).click();
    }
  });
});
