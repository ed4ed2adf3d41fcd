import { readFileSync } from 'node:fs';
import { CONFIRM_TEXT } from '@console/contract';
import type { Locator, Page } from '@playwright/test';
import { Api, chooseFile, dialog, expectImageLoaded, pngFile, rowWith, settled, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { encodedVideo } from '../apps/api/src/lib/media/testing';

const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A mono 16-bit PCM WAV of `seconds` of a 440 Hz tone: a file every Chromium can play. */
function wavFile(name: string, seconds = 1, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return { name, mimeType: 'audio/wav', buffer: b };
}

/** A 2 s WebM test pattern (ffmpeg, which npm test installs), a video every Chromium plays. */
const webmFile = (name: string) => ({ name, mimeType: 'video/webm', buffer: encodedVideo('webm', 2, 320, 240) });

async function createClients(baseURL: string, tag: string) {
  const api = await Api.admin(baseURL);
  const company = await api.createCompany({ name: `Media Owner ${tag}` });
  const client = async (name: string, type: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name, companyId: String(company.id), type, status: 'active' })) form.set(k, v);
    return (await api.call<{ data: { id: number; name: string } }>('POST', '/client/add', form)).data;
  };
  return { demo: await client(`Demo Client ${tag}`, 'demo'), live: await client(`Live Client ${tag}`, 'live') };
}

/** Today plus `days` as YYYY-MM-DD, in the browser's (and this machine's) local calendar. */
function isoDay(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Holds the add request a moment so the progress bar can be seen, then lets it through. */
async function slowAdds(page: Page, path: string) {
  await page.route(`**/api/${path}/add`, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
}

test.describe('demo media and campaign media', () => {
  test('pick a client, add an image with progress, thumbnail, preview, add audio and play it, edit, export CSV, delete', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow(); // one long journey: two uploads, two previews, an edit, an export and a delete
    const tag = uniqueTag();
    const { demo } = await createClients(baseURL!, tag);
    await signIn(page, 'admin', { at: '/demo-admin/demo-media' });
    await settled(page);

    // The client picker writes ?clientId= to the URL.
    const picker = page.getByRole('combobox', { name: 'Client', exact: true });
    await expect(picker).toHaveAttribute('placeholder', 'All clients', { timeout: 30_000 }); // the clients have loaded
    await picker.click();
    await page.getByRole('option', { name: demo.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`clientId=${demo.id}`));
    await settled(page);
    await expectAccessible(page, 'demo media list', testInfo);

    await slowAdds(page, 'demo-media');
    await page.getByRole('button', { name: 'Add demo media', exact: true }).click();
    const add = dialog(page, 'Add demo media');
    await expect(add.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(demo.name);
    const title = `Poster ${tag}`;
    await textbox(add, 'Title').fill(title);
    await textbox(add, 'Trigger tone code').fill('ab-12');
    await chooseFile(page, add, 'Media file', pngFile(`poster-${tag}.png`, [10, 120, 200]));
    await expectAccessible(page, 'add demo media drawer', testInfo);
    await add.getByRole('button', { name: 'Add demo media', exact: true }).click();
    // At 0 % the bar's filled part has no width (Playwright calls that hidden): the bar is there and reads 0-100.
    await expect(add.getByRole('progressbar')).toBeAttached();
    await expect(add.getByText(/Uploading… \d+%|Checking the file…/)).toBeVisible();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Demo media added successfully')).toBeVisible();

    const list = table(page, 'Demo media');
    const row = rowWith(list, title);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('AB-12');
    await expect(row).toContainText('Image');
    await expectImageLoaded(row.getByRole('img', { name: `Thumbnail of ${title}` }));

    await row.getByRole('button', { name: `Preview ${title}` }).click();
    const preview = dialog(page, `Preview: ${title}`);
    await expectImageLoaded(preview.getByRole('img', { name: title }));
    await expectAccessible(page, 'image preview', testInfo);
    await preview
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => page.keyboard.press('Escape'));
    await expect(preview).toBeHidden();

    // Audio: no thumbnail (an icon), and the preview plays it.
    const sound = `Jingle ${tag}`;
    await page.getByRole('button', { name: 'Add demo media', exact: true }).click();
    await textbox(add, 'Title').fill(sound);
    await chooseFile(page, add, 'Media file', wavFile(`jingle-${tag}.wav`, 1.5));
    await add.getByRole('button', { name: 'Add demo media', exact: true }).click();
    await expect(toast(page, 'Demo media added successfully')).toBeVisible();
    const soundRow = rowWith(list, sound);
    await expect(soundRow).toContainText('Audio');
    await expect(soundRow).toContainText('0:02');
    // The player streams from the API itself with Range requests (206), not from a downloaded copy.
    const streamed = page.waitForResponse((r) => r.url().includes('/api/files/media/') && r.status() === 206);
    await soundRow.getByRole('button', { name: `Preview ${sound}` }).click();
    const player = dialog(page, `Preview: ${sound}`).getByTestId('media-audio');
    expect((await streamed).request().headers().range).toMatch(/^bytes=\d+-/);
    expect(await player.getAttribute('src')).toMatch(/^\/api\/files\/media\//);
    await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.duration)).toBeCloseTo(1.5, 1);
    expect(await player.evaluate((el: HTMLAudioElement) => el.play().then(() => !el.paused))).toBe(true);
    // Seeking asks for the bytes from there on.
    expect(
      await player.evaluate(
        (el: HTMLAudioElement) =>
          new Promise((done) => {
            el.addEventListener('seeked', () => done(el.currentTime), { once: true });
            el.currentTime = 1.2;
          }),
      ),
    ).toBeCloseTo(1.2, 1);
    await page.keyboard.press('Escape');

    // Edit without a new file.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = dialog(page, `Edit ${title}`);
    await expect(textbox(edit, 'Title')).toHaveValue(title);
    await expect(edit.getByText(`poster-${tag}.png`, { exact: true })).toBeVisible();
    await textbox(edit, 'Title').fill(`${title} v2`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Demo media updated successfully')).toBeVisible();
    const renamed = rowWith(list, `${title} v2`);
    await expect(renamed).toHaveCount(1);

    // CSV export of this client's media (GET /demo-media/export/csv).
    const downloading = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(await download.failure()).toBeNull();
    const csv = readFileSync(await download.path()).toString('utf8');
    expect(csv).toContain(`${title} v2`);
    expect(csv).toContain(sound);

    await renamed.getByRole('button', { name: `Delete ${title} v2` }).click();
    await dialog(page, CONFIRM_TEXT.deleteTitle).getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'Demo media deleted successfully')).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });

  test('a video: its poster frame is the thumbnail in the list and the preview, which streams and plays it', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const { demo } = await createClients(baseURL!, tag);
    await signIn(page, 'admin', { at: `/demo-admin/demo-media?clientId=${demo.id}` });
    await settled(page);
    await page.getByRole('button', { name: 'Add demo media', exact: true }).click();
    const add = dialog(page, 'Add demo media');
    const title = `Launch film ${tag}`;
    await textbox(add, 'Title').fill(title);
    await chooseFile(page, add, 'Media file', webmFile(`launch-${tag}.webm`));
    await add.getByRole('button', { name: 'Add demo media', exact: true }).click();
    await expect(toast(page, 'Demo media added successfully')).toBeVisible();
    const row = rowWith(table(page, 'Demo media'), title);
    await expect(row).toContainText('Video');
    await expect(row).toContainText('0:02');
    await expectImageLoaded(row.getByRole('img', { name: `Thumbnail of ${title}` }));
    await row.getByRole('button', { name: `Preview ${title}` }).click();
    const player = dialog(page, `Preview: ${title}`).getByTestId('media-video');
    expect(await player.getAttribute('poster')).toMatch(/^\/api\/files\/media\/.+\.thumb\.webp$/);
    await expect.poll(() => player.evaluate((el: HTMLVideoElement) => el.duration)).toBeCloseTo(2, 0);
    expect(await player.evaluate((el: HTMLVideoElement) => el.play().then(() => !el.paused))).toBe(true);
    await expectAccessible(page, 'video preview', testInfo);
    await page.keyboard.press('Escape');
  });

  test('campaign media: dates in order (end before start refused), a live client, the row shows the campaign', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const { live } = await createClients(baseURL!, tag);
    await signIn(page, 'admin', { at: `/demo-admin/campaign-media?clientId=${live.id}` });
    await settled(page);
    await expectAccessible(page, 'campaign media list', testInfo);

    await page.getByRole('button', { name: 'Add campaign media', exact: true }).click();
    const add = dialog(page, 'Add campaign media');
    await expect(add.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(live.name);
    const title = `Spot ${tag}`;
    await textbox(add, 'Title').fill(title);
    await textbox(add, 'Campaign name').fill(`Spring ${tag}`);
    // Dates relative to today, so the run reads the same whatever the day: this one has not started.
    const start = isoDay(30);
    const end = isoDay(90);
    await add.getByLabel('Start date', { exact: true }).fill(start);
    await add.getByLabel('End date', { exact: true }).fill(isoDay(10));
    await chooseFile(page, add, 'Media file', pngFile(`spot-${tag}.png`));
    await add.getByRole('button', { name: 'Add campaign media', exact: true }).click();
    await expect(add.getByText('The end date must not be before the start date')).toBeVisible();
    await expectAccessible(page, 'add campaign media drawer with an error', testInfo);

    await add.getByLabel('End date', { exact: true }).fill(end);
    await add.getByRole('button', { name: 'Add campaign media', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Campaign media added successfully')).toBeVisible();
    const row = rowWith(table(page, 'Campaign media'), title);
    await expect(row).toContainText(`Spring ${tag}`);
    await expect(row.getByRole('cell', { name: `${start} – ${end} Not started yet` })).toBeVisible();
    await expect(row).not.toContainText('ended');

    // One that ended yesterday is still Active but marked ended; one without dates says so (never "… – …")
    const api = await Api.admin(baseURL!);
    const addCampaign = async (name: string, dates: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        clientId: String(live.id),
        title: name,
        campaignName: `Run ${tag}`,
        status: 'active',
        ...dates,
      }))
        form.set(k, v);
      const png = pngFile(`${name}.png`);
      form.set('file', new Blob([new Uint8Array(png.buffer)], { type: png.mimeType }), png.name);
      await api.call('POST', '/campaign-media/add', form);
    };
    await addCampaign(`Old ${tag}`, { startDate: isoDay(-60), endDate: isoDay(-1) });
    await addCampaign(`Open ${tag}`, {});
    await page.reload();
    await settled(page);
    const old = rowWith(table(page, 'Campaign media'), `Old ${tag}`);
    await expect(old.getByRole('cell', { name: `${isoDay(-60)} – ${isoDay(-1)}`, exact: true })).toBeVisible();
    await expect(old.getByText('ended', { exact: true })).toBeVisible();
    await expect(old.getByText('Active', { exact: true })).toBeVisible();
    const open = rowWith(table(page, 'Campaign media'), `Open ${tag}`);
    await expect(open.getByRole('cell', { name: 'No dates', exact: true })).toBeVisible();
    await expect(open).not.toContainText('…');
    await expect(open).not.toContainText('ended');
  });

  test('usable at 390 px: picker, add button and the list without a page-wide horizontal scroll', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: '/demo-admin/demo-media' });
    await settled(page);
    await expect(page.getByRole('button', { name: 'Add demo media', exact: true })).toBeInViewport();
    await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'demo media at 390 px', testInfo);
  });

  test('an add sent without its fields or file, at 390 px: every missing one is named at once, nothing is sent, and the first shows with its label', async ({
    page,
    baseURL,
  }, testInfo) => {
    // More than 8 clients make the Client field a searchable select, whose list used to open on focus.
    const tag = uniqueTag();
    for (let i = 0; i < 9; i++) await createClients(baseURL!, `${tag}${i}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: '/demo-admin/campaign-media' });
    await settled(page);
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/campaign-media/add')) sent++;
    });
    await page.getByRole('button', { name: 'Add campaign media', exact: true }).click();
    const add = dialog(page, 'Add campaign media');
    // The submit button is at the foot of a drawer taller than the phone: clicking it scrolls down.
    await add.getByRole('button', { name: 'Add campaign media', exact: true }).click();
    for (const message of ['Choose a client', 'Title is required', 'Campaign name is required', 'Choose an image, video or audio file']) {
      await expect(add.getByText(message, { exact: true })).toBeVisible();
    }
    expect(sent).toBe(0);
    // The first wrong field has the focus and is in view below the drawer's sticky header, label too.
    const client = add.getByRole('combobox', { name: 'Client', exact: true });
    await expect(client).toBeFocused();
    // Focus alone leaves the list shut (it would cover "Choose a client"); the Down arrow opens it.
    await expect(page.getByRole('listbox')).toBeHidden();
    const header = await add.locator('.mantine-Drawer-header').boundingBox();
    const label = await add
      .locator('label')
      .filter({ hasText: /^Client/ })
      .boundingBox();
    expect(label!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await expectAccessible(page, 'add campaign media drawer with every error at 390 px', testInfo);
    await client.press('ArrowDown');
    await expect(page.getByRole('option', { name: `Live Client ${tag}0` })).toBeVisible();
  });
});
