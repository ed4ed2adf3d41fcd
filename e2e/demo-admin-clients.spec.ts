import { CONFIRM_TEXT } from '@console/contract';
import {
  Api,
  chooseFile,
  chooseOption,
  dialog,
  expectImageLoaded,
  pngFile,
  rowWith,
  settled,
  table,
  toast,
  uniqueTag,
} from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

const CLIENTS_PATH = '/demo-admin/clients';
const textbox = (scope: import('@playwright/test').Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('clients screen', () => {
  test('add a client with a logo, switch status and offline mode in the row, edit, delete behind the confirm', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const company = await (await Api.admin(baseURL!)).createCompany({ name: `Client Owner ${tag}` });
    const name = `Nova ${tag}`;
    await signIn(page, 'admin', { at: CLIENTS_PATH });
    await settled(page);
    await expectAccessible(page, 'clients list', testInfo);

    await page.getByRole('button', { name: 'Add client', exact: true }).click();
    const add = dialog(page, 'Add client');
    await textbox(add, 'Client name').fill(name);
    await chooseOption(page, add.getByRole('combobox', { name: 'Company', exact: true }), company.name);
    await chooseOption(page, add.getByRole('combobox', { name: 'Type', exact: true }), 'Live');
    await textbox(add, 'Email').fill(`hi-${tag}@nova.example`);
    await chooseFile(page, add, 'Logo', pngFile(`nova-${tag}.png`, [200, 40, 90]));
    await expectAccessible(page, 'add client drawer', testInfo);
    await add.getByRole('button', { name: 'Add client', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Client added successfully')).toBeVisible();

    // The filters live in the URL: type=live and the company keep the new row.
    await page.goto(`${CLIENTS_PATH}?type=live&companyId=${company.id}`);
    const clients = table(page, 'Clients');
    const row = rowWith(clients, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(company.name);
    await expect(row).toContainText('Live');
    await expectImageLoaded(row.getByRole('img', { name: `Logo of ${name}` }));

    const active = row.getByRole('switch', { name: `${name} active` });
    const offline = row.getByRole('switch', { name: `${name} offline mode` });
    await expect(active).toBeChecked();
    await active.click({ force: true });
    await expect(toast(page, 'Client status updated successfully')).toBeVisible();
    await expect(active).not.toBeChecked();
    await offline.click({ force: true });
    await expect(toast(page, 'Client offline mode updated successfully')).toBeVisible();
    await expect(offline).toBeChecked();

    // A refused toggle goes back at once and says why.
    await page.route('**/api/client/update-offline-mode/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"code":"INTERNAL","message":"Server unavailable"}',
      }),
    );
    await offline.click({ force: true });
    await expect(toast(page, 'Server unavailable')).toBeVisible();
    await expect(offline).toBeChecked();
    await page.unroute('**/api/client/update-offline-mode/**');

    await page.reload();
    await expect(rowWith(clients, name).getByRole('switch', { name: `${name} active` })).not.toBeChecked();
    await expect(rowWith(clients, name).getByRole('switch', { name: `${name} offline mode` })).toBeChecked();

    await rowWith(clients, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = dialog(page, `Edit ${name}`);
    await expect(textbox(edit, 'Client name')).toHaveValue(name);
    await expect(edit.getByText(`nova-${tag}.png`, { exact: true })).toBeVisible();
    await textbox(edit, 'Client name').fill(`${name} Retail`);
    await expectAccessible(page, 'edit client drawer', testInfo);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Client updated successfully')).toBeVisible();

    const renamed = rowWith(clients, `${name} Retail`);
    await renamed.getByRole('button', { name: `Delete ${name} Retail` }).click();
    const confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await expect(confirm.getByText(CONFIRM_TEXT.deleteBody)).toBeVisible();
    await confirm.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'Client deleted successfully')).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });

  // Issue 15, item 4: a client's type may not change away from its media.
  test('changing the type of a client with demo media to Live is refused under the Type field', async ({ page, baseURL }) => {
    const tag = uniqueTag();
    const api = await Api.admin(baseURL!);
    const company = await api.createCompany({ name: `Type Owner ${tag}` });
    const name = `Typed ${tag}`;
    const client = await api.call<{ data: { id: number } }>('POST', '/client/add', { name, companyId: company.id, type: 'demo' });
    const form = new FormData();
    form.set('clientId', String(client.data.id));
    form.set('title', `Poster ${tag}`);
    const png = pngFile(`poster-${tag}.png`);
    form.set('file', new Blob([new Uint8Array(png.buffer)], { type: png.mimeType }), png.name);
    await api.call('POST', '/demo-media/add', form);

    await signIn(page, 'admin', { at: `${CLIENTS_PATH}?companyId=${company.id}` });
    const clients = table(page, 'Clients');
    await rowWith(clients, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = dialog(page, `Edit ${name}`);
    await chooseOption(page, edit.getByRole('combobox', { name: 'Type', exact: true }), 'Live');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const message =
      'This client still has 1 demo media, which needs a client of type demo or both. Move it to another client or delete it first.';
    await expect(edit.getByText(message).first()).toBeVisible();
    await expect(edit).toBeVisible();
    await page.goto(`${CLIENTS_PATH}?companyId=${company.id}`);
    await expect(rowWith(table(page, 'Clients'), name)).toContainText('Demo');
  });

  test('usable at 390 px: title, add button, folded filters, one export menu and rows without a page-wide horizontal scroll', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: CLIENTS_PATH });
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Clients', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add client', exact: true })).toBeInViewport();
    // Three filters, one under the other, would fill the phone's first screen: they fold, and the
    // first rows are in view.
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('table', { name: 'Clients' }).getByRole('row').nth(1)).toBeInViewport();
    await filters.click();
    await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Demo', exact: true }).click();
    await expect(page).toHaveURL(/type=demo/);
    await expect(page.getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
    // The three formats are one menu.
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Export CSV', 'Export Excel', 'Export PDF']);
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'clients list at 390 px', testInfo);
  });
});
