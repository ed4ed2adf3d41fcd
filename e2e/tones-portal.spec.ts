import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ADMIN_API_PATHS, locationsResource, TONE_HOME_API_PATHS, toneSequencesResource } from '@console/contract';
import type { Page, TestInfo } from '@playwright/test';
import { ROOT } from '../scripts/lib/app-server';
import { Api, settled, table, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, expectPath, signIn, test } from './support/fixtures';

const run = promisify(execFile);
const HOME = '/tone-dashboard/home';

/** A location with one tone sequence of a code no other test uses, so what the simulator sends is ours alone. */
async function toneFixture(admin: Api, tag: string) {
  const location = (
    await admin.call<{ data: { id: number; name: string } }>('POST', locationsResource.api.add, {
      name: `Sim Hall ${tag}`,
      city: 'Ghent',
      country: 'BE',
      status: 'active',
    })
  ).data;
  const code = `SIM-${tag}`.slice(0, 16).toUpperCase();
  const sequence = (
    await admin.call<{ data: { id: number; name: string; code: string } }>('POST', toneSequencesResource.api.add, {
      name: `Sim chime ${tag}`,
      code,
      locationId: location.id,
      status: 'active',
    })
  ).data;
  return { location, sequence };
}

/** Screenshot for the report, and no page-wide horizontal scroll. */
async function narrowCheck(page: Page, testInfo: TestInfo, name: string) {
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
  await testInfo.attach(`${name}-390.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await expectAccessible(page, `${name} at 390 px`, testInfo);
}

test.describe('tones portal', () => {
  test('the simulator’s requests appear in the live recents, the device details, the user-request list and the dashboards', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const tag = uniqueTag();
    const admin = await Api.admin(baseURL!);
    const { location, sequence } = await toneFixture(admin, tag);
    // The key devices send: rotated through the users API as the profile's "Regenerate API key" does.
    const { apiKey } = await admin.call<{ apiKey: string }>('PATCH', ADMIN_API_PATHS.users.regenerateKey(admin.user.id));
    expect(apiKey).toBeTruthy();

    await signIn(page, 'admin');
    // The module's entry points lead to the home screen.
    await page.goto('/tone-portal');
    await expectPath(page, HOME);
    await page.goto('/tone-dashboard');
    await expectPath(page, HOME);
    await settled(page);
    const recents = page.getByRole('list', { name: 'Recent requests' });
    await expect(page.getByRole('heading', { name: 'Recent requests' })).toBeVisible();
    await expect(page.getByText(sequence.code)).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Requests per day' })).toBeAttached();
    await page.getByRole('region', { name: 'Requests per day' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Requests per day' }).locator('[data-chart="per-day"] canvas')).toBeVisible();
    await expectAccessible(page, 'tones home', testInfo);

    // A few seconds of a two-device fleet against this server, the page left open (no reload).
    const sim = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/simulate.ts',
        `--url=${baseURL}`,
        `--api-key=${apiKey}`,
        `--codes=${sequence.code}`,
        '--devices=2',
        '--rate=2',
        '--minutes=0.08',
      ],
      { cwd: ROOT, timeout: 60_000 },
    );
    expect(sim.stdout).toMatch(/accepted [1-9]/);

    // Recents refresh on their own (pushed by the live stream).
    const ours = recents.getByRole('listitem').filter({ hasText: sequence.code });
    await expect(ours.first()).toBeVisible({ timeout: 15_000 });
    await expect(ours.first()).toContainText(location.name);
    const deviceCode = (await ours.first().getByRole('link').textContent())?.trim() ?? '';
    expect(deviceCode).toMatch(/^SIM-\d{5}-/);
    // By its code, not by position: the polled list re-orders as newer requests arrive.
    const deviceLink = recents.getByRole('link').filter({ hasText: deviceCode }).first();

    // Totals move too (Refresh instead of waiting for the slower poll).
    await page.getByRole('button', { name: 'Refresh' }).click();
    const today = (await admin.call<{ data: { requestsToday: number } }>('GET', TONE_HOME_API_PATHS.home)).data.requestsToday;
    expect(today).toBeGreaterThan(0);
    await expect(page.locator('li[data-stat="requests-today"]')).toContainText(new Intl.NumberFormat().format(today));
    await expect(page.getByRole('table', { name: 'Requests by location' })).toContainText(location.name);

    // Device details from the recents link.
    await deviceLink.click();
    await expectPath(page, '/tone-dashboard/user-request/device-details');
    expect(new URL(page.url()).searchParams.get('deviceCode')).toBe(deviceCode);
    await expect(page.getByRole('heading', { name: `Device ${deviceCode}` })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Device summary' });
    await expect(summary).toContainText(/Requests[1-9]/);
    const deviceRows = table(page, `Requests of ${deviceCode}`).locator('tbody tr');
    await expect(deviceRows.first()).toContainText(sequence.name);
    await expect(deviceRows.first()).toContainText(location.name);
    await settled(page);
    await expectAccessible(page, 'device details', testInfo);

    // Without a code: the devices heard last, and a field that finds a device by part of its code.
    await page.goto('/tone-dashboard/user-request/device-details');
    const recentDevices = page.getByRole('region', { name: 'Recently heard devices' });
    await expect(recentDevices.getByRole('link').first()).toHaveAttribute('href', /device-details\?deviceCode=/);
    await settled(page);
    await expectAccessible(page, 'device details without a code', testInfo);
    const lookup = page.getByRole('combobox', { name: 'Device code' });
    await lookup.fill(deviceCode.slice(0, -1).toLowerCase());
    await page.getByRole('option', { name: new RegExp(`^${deviceCode}`) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('deviceCode')).toBe(deviceCode);
    await expect(page.getByRole('heading', { name: `Device ${deviceCode}` })).toBeVisible();

    // The list, filtered by our location through the URL; the device code links back to its details.
    await page.goto(`/tone-dashboard/user-request?locationId=${location.id}`);
    const list = table(page, 'User requests');
    await expect(list.locator('tbody tr').first()).toContainText(location.name);
    const listed = (await admin.call<{ total: number }>('GET', '/user-request', undefined, { locationId: location.id })).total;
    await expect(page.getByText(new RegExp(`of ${listed}\\b`))).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(location.name);
    await expect(list.getByRole('link', { name: `Device details of ${deviceCode}` }).first()).toHaveAttribute(
      'href',
      `/tone-dashboard/user-request/device-details?deviceCode=${encodeURIComponent(deviceCode)}`,
    );
    await page.getByRole('textbox', { name: 'From' }).fill('2000-01-01');
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2000-01-01');
    await expect(list.locator('tbody tr').first()).toContainText(location.name);
    await settled(page);
    await expectAccessible(page, 'user requests', testInfo);

    // The super admin dashboard agrees with GET /dashboard.
    await page.goto('/tone-home-dashboard');
    const figures = (
      await admin.call<{ data: { totalUserRequests: number; topLocations: unknown[] } }>('GET', TONE_HOME_API_PATHS.dashboard)
    ).data;
    expect(figures.totalUserRequests).toBeGreaterThan(0);
    await expect(page.locator('li[data-stat="user-requests"]')).toContainText(new Intl.NumberFormat().format(figures.totalUserRequests));
    await expect(page.getByRole('table', { name: 'Top locations' }).locator('tbody tr')).toHaveCount(figures.topLocations.length);
    await page.getByRole('region', { name: 'Requests per day' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Requests per day' }).locator('[data-chart="per-day"] canvas')).toBeVisible();
    await expectAccessible(page, 'tones super admin dashboard', testInfo);

    // Usable at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(HOME);
    await expect(recents.getByRole('listitem').first()).toBeVisible();
    await narrowCheck(page, testInfo, 'tones-home');
    await page.goto(`/tone-dashboard/user-request?locationId=${location.id}`);
    await expect(list.locator('tbody tr').first()).toBeVisible();
    await narrowCheck(page, testInfo, 'user-requests');
    await page.goto(`/tone-dashboard/user-request/device-details?deviceCode=${encodeURIComponent(deviceCode)}`);
    await expect(deviceRows.first()).toBeVisible();
    await narrowCheck(page, testInfo, 'device-details');
    await page.goto('/tone-home-dashboard');
    await expect(page.locator('li[data-stat="user-requests"]')).toBeVisible();
    await narrowCheck(page, testInfo, 'tones-dashboard');
  });

  test('a failed dashboard call shows the spec’s message', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"code":"INTERNAL","message":"x"}' }),
    );
    await page.goto('/tone-home-dashboard');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch super admin dashboard data' })).toBeVisible({
      timeout: 20_000,
    });
    await page.route('**/api/home/analytics', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"code":"INTERNAL","message":"x"}' }),
    );
    await page.goto(HOME);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch tone dashboard data' })).toBeVisible({ timeout: 20_000 });
  });
});
