import { ADMIN_API_PATHS } from '@console/contract';
import { Api, PRODUCT, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

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
});
