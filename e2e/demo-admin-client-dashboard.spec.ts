// The demo admin's dashboard (issue 7 s.2): figures from GET /client-dashboard as cards and
// charts, each chart with its figures as a captioned table for screen readers.
import { CLIENT_DASHBOARD_PATH, type ClientDashboard } from '@console/contract';
import type { Page } from '@playwright/test';
import { contrastRatio } from '../apps/web/src/lib/theme/color-tuple';
import { Api, settled, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test, themeToggle } from './support/fixtures';

const DASHBOARD_PATH = '/demo-admin/client-dashboard';
const stat = (page: Page, label: string) => page.locator('li').filter({ has: page.getByText(label, { exact: true }) });
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

async function figures(baseURL: string): Promise<ClientDashboard> {
  const res = await (await Api.admin(baseURL)).raw('GET', CLIENT_DASHBOARD_PATH);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ClientDashboard }).data;
}

test.describe('client dashboard', () => {
  test('shows the figures of the API as cards and charts, with screen-reader tables; a new client counts', async ({
    page,
    baseURL,
  }, testInfo) => {
    await signIn(page, 'admin');
    const before = await figures(baseURL!);
    await page.goto(DASHBOARD_PATH);
    await settled(page);
    await expect(stat(page, 'Clients')).toContainText(String(sum(before.clientsByType)));
    await expect(stat(page, 'Demo media')).toContainText(String(before.demoMedia.total));
    await expect(stat(page, 'Campaign media')).toContainText(String(before.campaignMedia.total));
    await expect(stat(page, 'Manage actions')).toContainText(String(before.manageActions.total));
    // The demo seed gives the charts something to draw.
    expect(sum(before.clientsByType)).toBeGreaterThan(0);
    for (const title of ['Clients by type', 'Clients by status', 'Manage actions by type', 'Bulk upload outcomes']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      // Visually hidden, but in the accessibility tree with its caption.
      await expect(page.getByRole('table', { name: title })).toBeAttached();
    }
    const uploads = page.getByRole('table', { name: 'Bulk upload outcomes' });
    await expect(uploads.getByRole('row', { name: `Completed ${before.bulkUploads.completed}` })).toBeAttached();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    // The donut's labels are only numbers: its legend says which colour is which type.
    const legend = page.getByRole('region', { name: 'Clients by type' }).getByTestId('chart-legend');
    await expect(legend).toBeVisible();
    await expect(legend).toContainText(`Demo ${before.clientsByType.demo}`);
    await expect(legend).toContainText(`Live ${before.clientsByType.live}`);
    await expect(legend).toContainText(`Demo and live ${before.clientsByType.both}`);
    await expectAccessible(page, 'client dashboard', testInfo);

    // A client added elsewhere shows on the next visit.
    const api = await Api.admin(baseURL!);
    const company = await api.createCompany({ name: `Dashboard Co ${uniqueTag()}` });
    const form = new FormData();
    form.set('name', `Dash ${uniqueTag()}`);
    form.set('companyId', String(company.id));
    form.set('type', 'live');
    expect((await api.raw('POST', '/client/add', form)).status).toBe(200);
    await page.reload();
    await settled(page);
    await expect(stat(page, 'Clients')).toContainText(String(sum(before.clientsByType) + 1));
    await expect(
      page.getByRole('table', { name: 'Clients by type' }).getByRole('row', { name: `Live ${before.clientsByType.live + 1}` }),
    ).toBeAttached();
  });

  test('usable at 390 px: cards and charts stack without a page-wide horizontal scroll', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: DASHBOARD_PATH });
    await settled(page);
    await expect(stat(page, 'Clients')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Bulk upload outcomes' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every bar is named in the drawing, none dropped for want of room ("Deep link" and
    // "Partially failed" were, when the names sat under columns ~45 px wide).
    const names = {
      'Manage actions by type': ['Open URL', 'Deep link', 'Show media', 'Call', 'Email', 'SMS'],
      'Bulk upload outcomes': ['Pending', 'Processing', 'Completed', 'Partially failed', 'Failed'],
    };
    for (const [title, labels] of Object.entries(names)) {
      const ticks = page.getByRole('region', { name: title }).locator('.recharts-cartesian-axis-tick-value');
      // A name wrapped on two lines is one tick of two tspans; the value axis's ticks are numbers.
      const namesDrawn = () =>
        ticks.evaluateAll((texts) =>
          texts
            .map((t) => [...t.querySelectorAll('tspan')].map((line) => line.textContent).join(' ') || (t.textContent ?? ''))
            .filter((text) => !/^\d[\d,]*$/.test(text)),
        );
      await expect.poll(namesDrawn).toEqual(labels);
    }
    await expectAccessible(page, 'client dashboard at 390 px', testInfo);
  });

  test('every bar and slice keeps 3:1 against its card, in light and in dark mode (WCAG 1.4.11)', async ({ page }) => {
    await signIn(page, 'admin', { at: DASHBOARD_PATH });
    await settled(page);
    // Each drawn shape's fill and its card's background, as the browser resolved them.
    const pairs = () =>
      page.locator('section').evaluateAll((cards) => {
        const hex = (rgb: string) =>
          `#${(rgb.match(/\d+/g) ?? [])
            .slice(0, 3)
            .map((n) => Number(n).toString(16).padStart(2, '0'))
            .join('')}`;
        return cards.flatMap((card) =>
          [...card.querySelectorAll<SVGPathElement>('path.recharts-rectangle, .recharts-pie-sector path')]
            .filter((shape) => shape.getBBox().width > 0)
            .map((shape) => ({
              chart: card.querySelector('h2')?.textContent,
              shape: shape.getAttribute('name'),
              fill: hex(getComputedStyle(shape).fill),
              card: hex(getComputedStyle(card).backgroundColor),
            })),
        );
      });
    for (const scheme of ['light', 'dark']) {
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await expect.poll(async () => (await pairs()).length).toBeGreaterThan(8);
      const weak = (await pairs()).filter((p) => contrastRatio(p.fill, p.card) < 3);
      expect(weak, `${scheme}: shapes under 3:1`).toEqual([]);
      if (scheme === 'light') await themeToggle(page).click();
    }
  });
});
