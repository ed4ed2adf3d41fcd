import { HISTORY_MESSAGES } from '@console/contract';
import type { Locator, Page } from '@playwright/test';
import { Api, dialog, PRODUCT, rowWith, settled, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

const CLIENTS_PATH = '/demo-admin/clients';
const HISTORY_PATH = `${PRODUCT}/change-history`;
const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** Renames a client through the list's edit drawer. */
async function rename(page: Page, clients: Locator, from: string, to: string) {
  await rowWith(clients, from)
    .getByRole('button', { name: `Edit ${from}` })
    .click();
  const edit = dialog(page, `Edit ${from}`);
  await textbox(edit, 'Client name').fill(to);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(rowWith(clients, to)).toHaveCount(1);
}

/** Presses an entry's Revert and confirms it. */
async function revert(page: Page, entry: Locator) {
  await entry.getByRole('button', { name: /^Revert change #\d+$/ }).click();
  const confirm = dialog(page, 'Revert this change?');
  await confirm.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(confirm).toBeHidden();
}

test.describe('change history', () => {
  test("a client's history: the first of two edits is refused as moved on, the second goes back; the global screen lists them", async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const api = await Api.admin(baseURL!);
    const company = await api.createCompany({ name: `History Owner ${tag}` });
    const [nameA, nameB, nameC] = ['A', 'B', 'C'].map((v) => `Hist ${tag} ${v}`);
    const created = await api.call<{ data: { id: number } }>('POST', '/client/add', { name: nameA, companyId: company.id, type: 'demo' });
    const id = created.data.id;

    await signIn(page, 'admin', { at: `${CLIENTS_PATH}?companyId=${company.id}` });
    const clients = table(page, 'Clients');
    await rename(page, clients, nameA, nameB);
    await rename(page, clients, nameB, nameC);

    await rowWith(clients, nameC)
      .getByRole('button', { name: `History of ${nameC}` })
      .click();
    const drawer = dialog(page, `History of ${nameC}`);
    const entries = drawer.getByRole('article');
    // Newest first: the second edit, the first, the creation.
    await expect(entries).toHaveCount(3);
    const [second, first, creation] = [entries.nth(0), entries.nth(1), entries.nth(2)];
    await expect(second.getByRole('heading', { name: 'Edited' })).toBeVisible();
    await expect(second.getByRole('list', { name: 'Changed fields' })).toContainText(`Name${nameB} → ${nameC}`);
    await expect(first.getByRole('list', { name: 'Changed fields' })).toContainText(`Name${nameA} → ${nameB}`);
    await expect(creation.getByRole('heading', { name: 'Created' })).toBeVisible();
    await expect(second).toContainText('admin@example.com');
    await expectAccessible(page, 'history drawer', testInfo);

    // The first edit: the name has moved on since, so the revert is refused, naming the field.
    await revert(page, first);
    const conflict = first.getByRole('alert');
    await expect(conflict).toContainText(HISTORY_MESSAGES.movedOn);
    await expect(conflict).toContainText(`Name: ${HISTORY_MESSAGES.changedSince(nameC)}`);
    await expectAccessible(page, 'history drawer with a refused revert', testInfo);

    // The second edit goes back: the name is B again, and the revert is itself in the history.
    const secondId = Number((await second.getAttribute('data-history-id')) ?? 0);
    await revert(page, second);
    await expect(toast(page, HISTORY_MESSAGES.reverted)).toBeVisible();
    await expect(entries).toHaveCount(4);
    await expect(entries.first().getByRole('heading', { name: `Reverted change #${secondId}` })).toBeVisible();
    await expect(entries.first().getByRole('list', { name: 'Changed fields' })).toContainText(`Name${nameC} → ${nameB}`);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(rowWith(clients, nameB)).toHaveCount(1);
    await expect(rowWith(clients, nameC)).toHaveCount(0);

    // The global screen lists the same four changes of that client, newest first.
    await page.goto(`${HISTORY_PATH}?resource=clients&entityId=${id}`);
    await settled(page);
    const changes = table(page, 'Change history');
    await expect(changes.locator('tbody tr')).toHaveCount(4);
    await expect(rowWith(changes, `Name: ${nameA} → ${nameB}`)).toContainText('Edited');
    await expect(rowWith(changes, `Reverted change #${secondId}`)).toContainText(`Name: ${nameC} → ${nameB}`);
    await expect(page.getByRole('combobox', { name: 'Resource' })).toHaveValue('Clients');
    await expectAccessible(page, 'change history', testInfo);

    await rowWith(changes, `Name: ${nameB} → ${nameC}`)
      .getByRole('button', { name: /^Details of change #\d+$/ })
      .click();
    const details = dialog(page, `Change #${secondId}`);
    await expect(details.getByText(`Client #${id} (${nameC})`)).toBeVisible();
    await expect(details.getByRole('button', { name: `Revert change #${secondId}` })).toBeVisible();
    await expectAccessible(page, 'change details drawer', testInfo);
  });
});

// A zone whose date differs from UTC's now (UTC+14 from 10:00 UTC, UTC-11 before it), so a day
// read as UTC's would miss the change just made.
const FAR_ZONE = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

test.describe(`dates in ${FAR_ZONE}`, () => {
  test.use({ timezoneId: FAR_ZONE });

  test('the From and To days are the days the times are shown in, the browser’s', async ({ page, baseURL }) => {
    const tag = uniqueTag();
    const api = await Api.admin(baseURL!);
    const company = await api.createCompany({ name: `Zone Owner ${tag}` });
    const created = await api.call<{ data: { id: number } }>('POST', '/client/add', {
      name: `Zone ${tag}`,
      companyId: company.id,
      type: 'demo',
    });

    await signIn(page, 'admin', { at: `${HISTORY_PATH}?resource=clients&entityId=${created.data.id}` });
    const changes = table(page, 'Change history');
    await expect(changes.locator('tbody tr')).toHaveCount(1);
    // The day the row's time shows (yyyy-MM-dd HH:mm:ss in this zone), picked as From and To.
    const shown = (await changes.locator('tbody tr').first().innerText()).match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '';
    expect(shown).not.toBe(new Date().toISOString().slice(0, 10));
    const from = page.getByLabel('From', { exact: true });
    await expect(from).toHaveAccessibleDescription(`Days in ${FAR_ZONE.replace('_', ' ')}`);
    await from.fill(shown);
    await page.getByLabel('To', { exact: true }).fill(shown);
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(shown);
    await settled(page);
    await expect(changes.locator('tbody tr')).toHaveCount(1);
    await expect(changes).toContainText('Created');
  });
});
