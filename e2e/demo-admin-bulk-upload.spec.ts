import { readFile } from 'node:fs/promises';
import {
  BULK_TEMPLATE_COLUMNS,
  BULK_UPLOAD_MESSAGES,
  bulkPreviewRoutes,
  bulkUploadPaths,
  CONFIRM_TEXT,
  clientsResource,
  UI_TEXT,
} from '@console/contract';
import type { Locator, Page } from '@playwright/test';
import { Api, pngFile, rowWith, settled, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

// The bulk upload panel (components/bulk-upload) as the kind's screen mounts it, for one client.
const SCREENS = {
  'manage-actions': '/demo-admin/manage-actions',
  'demo-media': '/demo-admin/demo-media',
  'campaign-media': '/demo-admin/campaign-media',
} as const;
const openPanel = async (page: Page, kind: keyof typeof SCREENS, clientId: number) => {
  await page.goto(`${SCREENS[kind]}?clientId=${clientId}`);
  await settled(page);
  // The panel is the section headed 'Bulk upload' (its own lists are sections too).
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Bulk upload', exact: true }) })
    .first();
};

async function makeClient(baseURL: string, tag: string, type: 'demo' | 'live' | 'both') {
  const admin = await Api.admin(baseURL);
  const company = await admin.createCompany({ name: `Bulk Owner ${tag}` });
  const res = await admin.call<{ data: { id: number; name: string } }>('POST', clientsResource.api.add, {
    name: `Bulk Client ${tag}`,
    companyId: company.id,
    type,
  });
  return res.data;
}

const csvFile = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([BULK_TEMPLATE_COLUMNS['manage-actions'], ...rows].map((r) => r.join(',')).join('\n')),
});

async function chooseFiles(page: Page, panel: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Choose files', exact: true }).press('Enter');
  await (await chooser).setFiles(files);
}

async function downloadText(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) as string, 'utf8') };
}

test.describe('bulk upload panel', () => {
  test('manage-actions: several sheets with progress, completed and failed lists, errors, retry, remove, templates', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const client = await makeClient(baseURL!, tag, 'demo');
    await signIn(page, 'admin');
    const panel = await openPanel(page, 'manage-actions', client.id);
    await expect(panel.getByText(UI_TEXT.dropFiles)).toBeVisible();
    await expectAccessible(page, 'bulk upload panel', testInfo);

    // A .txt is refused in the browser; an "xlsx" that is not one passes here and fails on the server.
    const good = [
      csvFile(`shop-${tag}.csv`, [[`Shop ${tag}`, 'open-url', 'https://example.com/shop', '', 'active']]),
      csvFile(`call-${tag}.csv`, [[`Call ${tag}`, 'call', '+32470123456', '', 'active']]),
    ];
    const broken = {
      name: `broken-${tag}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('not a workbook'),
    };
    // A good sheet whose one row is wrong in itself.
    const wrongRow = csvFile(`wrong-${tag}.csv`, [[`Wrong ${tag}`, 'open-url', 'not a web address', '', 'active']]);
    await chooseFiles(page, panel, [...good, broken, wrongRow, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
    await expect(panel.getByText('notes.txt is not a CSV or XLSX file.')).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(4);

    // Hold the request a moment so the progress bars are seen.
    await page.route(`**/api${bulkUploadPaths('manage-actions').upload}`, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Upload 4 files' }).click();
    await expect(panel.getByRole('button', { name: UI_TEXT.submitting })).toBeDisabled();
    // At 0 % the bar's filled part has no width (Playwright calls that hidden): the bar is there and reads 0-100.
    await expect(panel.getByRole('progressbar', { name: `Uploading shop-${tag}.csv` })).toBeAttached();
    await expect(panel.getByRole('list', { name: 'Files to upload' })).toBeVisible();
    await expect(toast(page, BULK_UPLOAD_MESSAGES.received(4))).toBeVisible();

    const completed = table(page, 'Completed uploads');
    const open = table(page, 'Pending and failed uploads');
    // The lists poll while the job works: no reload needed.
    await expect(rowWith(completed, `shop-${tag}.csv`)).toHaveCount(1, { timeout: 30_000 });
    await expect(rowWith(completed, `call-${tag}.csv`)).toHaveCount(1, { timeout: 30_000 });
    const failed = rowWith(open, `broken-${tag}.xlsx`);
    await expect(failed).toContainText('Failed', { timeout: 30_000 });
    // The actions list above refreshes once the job is done.
    await expect(rowWith(table(page, 'Actions'), `Shop ${tag}`)).toHaveCount(1);
    await expectAccessible(page, 'bulk upload lists', testInfo);

    // The state is the server's: a reload shows the same.
    await page.reload();
    await settled(page);
    await expect(rowWith(completed, `shop-${tag}.csv`)).toHaveCount(1);
    await expect(failed).toContainText('Failed');

    await failed.getByRole('button', { name: /^Show 1 error/ }).click();
    await expect(failed.getByRole('list', { name: `Errors of broken-${tag}.xlsx` })).toBeVisible();

    const errors = await downloadText(page, () => failed.getByRole('button', { name: `Download errors of broken-${tag}.xlsx` }).click());
    expect(errors.name).toMatch(/\.csv$/);

    // Not a workbook: the same bytes would fail the same way, and Retry says so at once.
    await failed.getByRole('button', { name: `Retry upload broken-${tag}.xlsx` }).click();
    await expect(toast(page, BULK_UPLOAD_MESSAGES.fileNotRetryable)).toBeVisible();
    await expect(failed).toContainText('Failed');

    // A row wrong in the sheet itself would fail the same way: Retry says so, and what to do, at once.
    const wrong = rowWith(open, `wrong-${tag}.csv`);
    await expect(wrong).toContainText('Failed');
    await wrong.getByRole('button', { name: `Retry upload wrong-${tag}.csv` }).click();
    await expect(toast(page, BULK_UPLOAD_MESSAGES.nothingRetryable)).toBeVisible();
    await expect(wrong).toContainText('Failed');

    await failed.getByRole('button', { name: `Remove upload broken-${tag}.xlsx` }).click();
    await page.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, BULK_UPLOAD_MESSAGES.deleted)).toBeVisible();
    await expect(failed).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(rowWith(open, `broken-${tag}.xlsx`)).toHaveCount(0);

    const csv = await downloadText(page, () => panel.getByRole('button', { name: 'CSV template' }).click());
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.text.split(/\r?\n/)[0].replace(/^\uFEFF/, '')).toBe(BULK_TEMPLATE_COLUMNS['manage-actions'].join(','));
    const excel = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Excel template' }).click();
    expect((await excel).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  test('manage-actions preview: odd headers mapped by hand, the rows and failures shown, the mapping saved, imported as previewed', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const client = await makeClient(baseURL!, tag, 'demo');
    // The saved mapping is the seeded admin's (per user and kind), so it outlives an attempt: start
    // from none, or a retry would preview already mapped by what the failed attempt saved.
    await (await Api.admin(baseURL!)).call('PUT', bulkPreviewRoutes('manage-actions').mapping, { mapping: {} });
    await signIn(page, 'admin');
    const panel = await openPanel(page, 'manage-actions', client.id);
    const sheet = {
      name: `odd-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Action Name,Kind,Target',
          `Shop ${tag},open-url,https://example.com/shop`,
          `Twice ${tag},call,+32470123456`,
          `twice ${tag},call,+32470123457`,
          `Bad ${tag},teleport,x`,
        ].join('\n'),
      ),
    };
    await chooseFiles(page, panel, [sheet]);
    await panel.getByRole('button', { name: `Preview ${sheet.name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Preview of ${sheet.name}` });
    // By name nothing fits: the preview says why and Import waits.
    await expect(drawer.getByText('Missing columns: name, actionType, value')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    await drawer.getByRole('combobox', { name: 'Name (required)' }).selectOption('Action Name');
    await expect(drawer.getByRole('combobox', { name: 'Action type (required)' })).toBeEnabled();
    await drawer.getByRole('combobox', { name: 'Action type (required)' }).selectOption('Kind');
    await expect(drawer.getByRole('combobox', { name: 'Value (required)' })).toBeEnabled();
    await drawer.getByRole('combobox', { name: 'Value (required)' }).selectOption('Target');
    await expect(drawer.getByText('4 rows: 2 would be added, 2 would fail')).toBeVisible();
    const rows = drawer.getByRole('table', { name: 'Rows as they would be stored' });
    await expect(rows.getByRole('row')).toHaveCount(3); // the header and two rows
    await expect(rows).toContainText(`Shop ${tag}`);
    const failures = drawer.getByRole('list', { name: 'Rows that would fail' });
    await expect(failures.getByRole('listitem')).toHaveText([/^Row 4: This client already has an action with this name$/, /^Row 5: /]);
    await expectAccessible(page, 'import preview', testInfo);

    await drawer.getByRole('button', { name: 'Save mapping' }).click();
    await expect(toast(page, 'Column mapping saved')).toBeVisible();
    await drawer.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(toast(page, BULK_UPLOAD_MESSAGES.received(1))).toBeVisible();
    // The import adds what the preview said: two actions, two failed rows.
    const open = table(page, 'Pending and failed uploads');
    await expect(rowWith(open, sheet.name)).toContainText('Partially failed', { timeout: 30_000 });
    await expect(rowWith(table(page, 'Actions'), `Shop ${tag}`)).toHaveCount(1);

    // The saved mapping is where the next preview starts: the same sheet previews mapped at once.
    await chooseFiles(page, panel, [sheet]);
    await panel.getByRole('button', { name: `Preview ${sheet.name}` }).click();
    await expect(drawer.getByRole('combobox', { name: 'Name (required)' })).toHaveValue('Action Name');
    // Now all four fail: the first import took the names.
    await expect(drawer.getByText('4 rows: 0 would be added, 4 would fail')).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeHidden();
  });

  test('campaign media without a manifest: the files take their defaults; a broken file is one failed item', async ({ page, baseURL }) => {
    const tag = uniqueTag();
    const client = await makeClient(baseURL!, tag, 'live');
    await signIn(page, 'admin');
    const panel = await openPanel(page, 'campaign-media', client.id);
    const broken = { name: `broken-${tag}.png`, mimeType: 'image/png', buffer: Buffer.from('not an image') };
    await chooseFiles(page, panel, [pngFile(`spring-${tag}.png`), pngFile(`summer-${tag}.png`), broken]);
    await panel.getByRole('button', { name: 'Upload 3 files' }).click();
    await expect(toast(page, BULK_UPLOAD_MESSAGES.received(3))).toBeVisible();

    // Issue 15: no "The manifest has no row for this file"; both images become campaign media.
    const completed = table(page, 'Completed uploads');
    await expect(rowWith(completed, `spring-${tag}.png`)).toHaveCount(1, { timeout: 30_000 });
    await expect(rowWith(completed, `summer-${tag}.png`)).toHaveCount(1, { timeout: 30_000 });
    const failed = rowWith(table(page, 'Pending and failed uploads'), broken.name);
    await expect(failed).toContainText('Failed', { timeout: 30_000 });
    await failed.getByRole('button', { name: /^Show 1 error/ }).click();
    await expect(failed.getByRole('list', { name: `Errors of ${broken.name}` })).toContainText(BULK_UPLOAD_MESSAGES.wrongMediaType);
  });

  test('usable at 390 px: drop zone, buttons and lists without a page-wide horizontal scroll', async ({ page, baseURL }, testInfo) => {
    const client = await makeClient(baseURL!, uniqueTag(), 'demo');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    const panel = await openPanel(page, 'manage-actions', client.id);
    await expect(panel.getByRole('button', { name: 'Choose files', exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'CSV template' })).toBeVisible();
    await expect(table(page, 'Completed uploads')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'bulk upload panel at 390 px', testInfo);
  });
});
