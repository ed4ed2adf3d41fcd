import { randomUUID } from 'node:crypto';
import {
  ADMIN_API_PATHS,
  LIVE_DEAD_AFTER_MS,
  LIVE_TEXT,
  locationsResource,
  TONE_HOME_API_PATHS,
  toneSequencesResource,
  USER_REQUEST_API_PATHS,
} from '@console/contract';
import type { Page } from '@playwright/test';
import { Api, settled, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

// Issue 18 part 4: the tones home follows device reports by server push (no polling while its
// stream is up); with the stream cut it says Stale and polls; it comes back by itself. The
// session list shows a new sign-in without a reload. Listed in SOLO (playwright.config.ts): it
// counts the page's requests, and another spec's ingestion would move them.
const HOME = '/tone-dashboard/home';
/** The recents' fallback poll (tone-home-api.ts). */
const RECENTS_POLL_MS = 5_000;

async function toneCodes(admin: Api, tag: string, count: number) {
  const location = (
    await admin.call<{ data: { id: number } }>('POST', locationsResource.api.add, {
      name: `Live Hall ${tag}`,
      city: 'Ghent',
      country: 'BE',
      status: 'active',
    })
  ).data;
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = `LV${i}-${tag}`.slice(0, 16).toUpperCase();
    await admin.call('POST', toneSequencesResource.api.add, {
      name: `Live chime ${i} ${tag}`,
      code,
      locationId: location.id,
      status: 'active',
    });
    codes.push(code);
  }
  return codes;
}

/** What a device sends (POST /device/user-requests with the owner's API key). */
async function ingest(baseURL: string, apiKey: string, code: string, n = 1) {
  const requests = Array.from({ length: n }, () => ({
    eventId: randomUUID(),
    deviceCode: `LIVE-${code}`,
    toneCode: code,
    requestedAt: new Date().toISOString(),
    platform: 'android',
  }));
  const res = await fetch(`${baseURL}/api${USER_REQUEST_API_PATHS.ingest}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ requests }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Counts the page's reads of the recent requests from now on. */
function countRecentsReads(page: Page) {
  const reads: number[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api${TONE_HOME_API_PATHS.recents}`) reads.push(Date.now());
  });
  return reads;
}

test.describe('live updates', () => {
  test('the tones home follows ingestion by push, says Stale and polls while the stream is cut, and comes back', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await Api.admin(baseURL!);
    const [first, second, third] = await toneCodes(admin, uniqueTag(), 3);
    const { apiKey } = await admin.call<{ apiKey: string }>('PATCH', ADMIN_API_PATHS.users.regenerateKey(admin.user.id));

    // The page's clock is Playwright's (it runs at real pace) so the test can jump past the dead-stream limit.
    await page.clock.install();
    await signIn(page, 'admin', { at: HOME });
    const indicator = page.getByTestId('live-indicator');
    await expect(indicator).toHaveText(LIVE_TEXT.live, { timeout: 15_000 });
    await settled(page);
    const reads = countRecentsReads(page);
    const recents = page.getByRole('list', { name: 'Recent requests' });

    // Live: no read on a timer (the old poll read the recents every 5 s)...
    await page.waitForTimeout(2 * RECENTS_POLL_MS + 2_000);
    expect(reads, 'recents read while the stream was up and nothing changed').toHaveLength(0);
    // ...and a device report shows without a reload, through one read.
    await ingest(baseURL!, apiKey, first!, 3);
    await expect(recents.getByRole('listitem').filter({ hasText: first! }).first()).toBeVisible({ timeout: 10_000 });
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(2);
    await expectAccessible(page, 'tones home, live', testInfo);

    // Cut: new connections are refused, and the open one goes silent past the dead limit.
    await page.route('**/api/live/**', (route) => route.abort());
    await page.clock.fastForward(LIVE_DEAD_AFTER_MS + 1_000);
    await expect(indicator).toContainText('Stale — last updated', { timeout: 10_000 });
    await expect(indicator).toContainText('reconnecting');
    const cutAt = reads.length;
    // The fallback: the recents are read every few seconds again, and a report still shows.
    await expect.poll(() => reads.length, { timeout: 3 * RECENTS_POLL_MS }).toBeGreaterThanOrEqual(cutAt + 2);
    await ingest(baseURL!, apiKey, second!);
    await expect(recents.getByRole('listitem').filter({ hasText: second! }).first()).toBeVisible({ timeout: 2 * RECENTS_POLL_MS });
    await settled(page);
    await expectAccessible(page, 'tones home, stale', testInfo);

    // Back: the next attempt (at most 30 s later; the clock jumps there) connects, polling stops.
    await page.unroute('**/api/live/**');
    await page.clock.fastForward(31_000);
    await expect(indicator).toHaveText(LIVE_TEXT.live, { timeout: 15_000 });
    await page.waitForTimeout(1_500); // the one catch-up read after reconnecting
    const backAt = reads.length;
    await page.waitForTimeout(2 * RECENTS_POLL_MS + 1_000);
    expect(reads.length, 'recents read on a timer after the stream came back').toBe(backAt);
    await ingest(baseURL!, apiKey, third!);
    await expect(recents.getByRole('listitem').filter({ hasText: third! }).first()).toBeVisible({ timeout: 10_000 });
  });

  test('the session list shows a sign-in elsewhere without a reload', async ({ page, baseURL }, testInfo) => {
    await signIn(page, 'admin', { at: '/profile/user-sessions' });
    await expect(page.getByTestId('live-indicator')).toHaveText(LIVE_TEXT.live, { timeout: 15_000 });
    await settled(page);
    const footer = page.getByText(/^\d+–\d+ of \d+$/);
    const shown = async () => Number((await footer.textContent())?.split(' of ')[1]);
    const before = await shown();
    // A sign-in elsewhere (a new session of this user) appears without a reload.
    await Api.admin(baseURL!);
    await expect(footer).toHaveText(new RegExp(` of ${before + 1}$`), { timeout: 10_000 });
    await expectAccessible(page, 'sessions, live', testInfo);
  });
});
