import { readFileSync } from 'node:fs';
import { CONFIRM_TEXT } from '@console/contract';
import type { Locator, Page } from '@playwright/test';
import { Api, chooseOption, dialog, rowWith, settled, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

const PATH = '/demo-admin/manage-actions';
const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function createClient(api: Api, name: string, companyId: number): Promise<{ id: number; name: string }> {
  const form = new FormData();
  form.set('name', name);
  form.set('companyId', String(companyId));
  form.set('type', 'both');
  return (await api.call<{ data: { id: number; name: string } }>('POST', '/client/add', form)).data;
}

/** Opens the add drawer, fills the common fields, picks the type; the value is the caller's. */
async function startAdd(page: Page, name: string, type: string) {
  await page.getByRole('button', { name: 'Add action', exact: true }).click();
  const add = dialog(page, 'Add action');
  await textbox(add, 'Action name').fill(name);
  const select = add.getByRole('combobox', { name: 'Action type', exact: true });
  // Open URL is the default; picking the chosen option again would clear the select.
  if (type === 'Open URL') await expect(select).toHaveValue(type);
  else await chooseOption(page, select, type);
  return add;
}

/** A bad value first (the contract's message under the field, nothing sent), then a good one. */
async function addWithValue(page: Page, name: string, type: string, label: string, bad: string, message: string, good: string) {
  const add = await startAdd(page, name, type);
  await textbox(add, label).fill(bad);
  await add.getByRole('button', { name: 'Add action', exact: true }).click();
  await expect(add.getByText(message)).toBeVisible();
  await textbox(add, label).fill(good);
  await add.getByRole('button', { name: 'Add action', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(toast(page, 'Action added successfully').first()).toBeVisible();
}

test.describe('manage-actions screen', () => {
  test('per client: add each kind of action with its value check, edit, export, delete', async ({ page, baseURL }, testInfo) => {
    // Five adds with a refusal each, an edit, an export and a delete: longer than one screen's test.
    test.setTimeout(240_000);
    const tag = uniqueTag();
    const admin = await Api.admin(baseURL!);
    const company = await admin.createCompany({ name: `Actions Owner ${tag}` });
    const nova = await createClient(admin, `Nova ${tag}`, company.id);
    const orbit = await createClient(admin, `Orbit ${tag}`, company.id);

    await signIn(page, 'admin', { at: `${PATH}?clientId=${nova.id}` });
    // The new client has no actions yet (a generous wait: the first load of a busy machine is slow).
    await expect(page.getByText('No actions found')).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(nova.name);
    await expectAccessible(page, 'manage-actions list', testInfo);

    // The drawer starts with the page's client; the value input follows the type.
    const first = await startAdd(page, `Offer page ${tag}`, 'Open URL');
    await expect(first.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(nova.name);
    await textbox(first, 'Web address').fill('nova.example/offer');
    await first.getByRole('button', { name: 'Add action', exact: true }).click();
    await expect(first.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
    await textbox(first, 'Tone code').fill('ab_1');
    await first.getByRole('button', { name: 'Add action', exact: true }).click();
    await expect(first.getByText('A tone code is 4 to 16 of A-Z, 0-9 and -')).toBeVisible();
    await textbox(first, 'Tone code').fill(`t-${tag}`.slice(0, 16));
    await textbox(first, 'Web address').fill('https://nova.example/offer');
    await expectAccessible(page, 'add action drawer', testInfo);
    await first.getByRole('button', { name: 'Add action', exact: true }).click();
    await expect(first).toBeHidden();
    await expect(toast(page, 'Action added successfully')).toBeVisible();

    await addWithValue(
      page,
      `App link ${tag}`,
      'Deep link',
      'Deep link',
      'novaapp:/home',
      'Enter a link with a scheme, e.g. myapp://offers/42',
      'novaapp://home',
    );
    const phoneMessage = 'Enter a phone number: 7 to 15 digits, optionally starting with +';
    await addWithValue(page, `Hotline ${tag}`, 'Call', 'Phone number to call', '555', phoneMessage, '+32 2 555 01 01');
    await addWithValue(page, `Text us ${tag}`, 'SMS', 'Phone number to text', 'text me', phoneMessage, '+15550100123');
    await addWithValue(
      page,
      `Write us ${tag}`,
      'E-mail',
      'E-mail address',
      'hello@nova',
      'Invalid email address',
      `hello-${tag}@nova.example`,
    );

    // show-media offers the client's media (GET /demo-media and /campaign-media?clientId=); a media
    // id that is not this client's is refused by the server, and the drawer says so under the field.
    await page.route('**/api/demo-media?**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: [{ id: 2_147_000_000, title: `Not Nova's poster ${tag}` }], total: 1, totalPages: 1 }),
      }),
    );
    const media = await startAdd(page, `Poster ${tag}`, 'Show media');
    const mediaSelect = media.getByRole('combobox', { name: 'Media to show', exact: true });
    await media.getByRole('button', { name: 'Add action', exact: true }).click();
    await expect(media.getByText('Choose the media to show')).toBeVisible();
    await chooseOption(page, mediaSelect, `Not Nova's poster ${tag} (demo)`);
    await media.getByRole('button', { name: 'Add action', exact: true }).click();
    await expect(media.getByText('Choose a media item of this client')).toBeVisible();
    await expectAccessible(page, 'show-media drawer', testInfo);
    await media.getByRole('button', { name: 'Cancel' }).click();
    // The form was changed: closing it asks first.
    await dialog(page, 'Discard unsaved changes?').getByRole('button', { name: 'Discard changes' }).click();
    await expect(media).toBeHidden();
    await page.unroute('**/api/demo-media?**');

    await page.getByRole('searchbox', { name: 'Search actions' }).fill(tag);
    const actions = table(page, 'Actions');
    await expect(actions.locator('tbody tr')).toHaveCount(5);
    for (const [name, type] of [
      [`Offer page ${tag}`, 'Open URL'],
      [`App link ${tag}`, 'Deep link'],
      [`Hotline ${tag}`, 'Call'],
      [`Text us ${tag}`, 'SMS'],
      [`Write us ${tag}`, 'E-mail'],
    ]) {
      await expect(rowWith(actions, name)).toContainText(type);
      await expect(rowWith(actions, name)).toContainText(nova.name);
    }
    await expect(rowWith(actions, `Offer page ${tag}`)).toContainText(`T-${tag}`.slice(0, 16).toUpperCase());

    // Edit: a new type clears the old value; the new one is checked by its own rule.
    await rowWith(actions, `Hotline ${tag}`)
      .getByRole('button', { name: `Edit Hotline ${tag}` })
      .click();
    const edit = dialog(page, `Edit Hotline ${tag}`);
    await expect(textbox(edit, 'Phone number to call')).toHaveValue('+32 2 555 01 01');
    await chooseOption(page, edit.getByRole('combobox', { name: 'Action type', exact: true }), 'Open URL');
    await expect(textbox(edit, 'Web address')).toHaveValue('');
    await textbox(edit, 'Web address').fill('https://nova.example/hotline');
    await chooseOption(page, edit.getByRole('combobox', { name: 'Status', exact: true }), 'Inactive');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Action updated successfully')).toBeVisible();
    await expect(rowWith(actions, `Hotline ${tag}`)).toContainText('https://nova.example/hotline');
    await expect(rowWith(actions, `Hotline ${tag}`)).toContainText('Inactive');

    // Export: the client's searched list.
    const downloading = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^actions-.*\.csv$/);
    const csv = readFileSync(await download.path()).toString('utf8');
    expect(csv).toContain('Name,Client,Type,Value');
    expect(csv).toContain(`Write us ${tag}`);
    expect(csv).toContain('novaapp://home');

    await rowWith(actions, `Text us ${tag}`)
      .getByRole('button', { name: `Delete Text us ${tag}` })
      .click();
    await dialog(page, CONFIRM_TEXT.deleteTitle).getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'Action deleted successfully')).toBeVisible();
    await expect(rowWith(actions, `Text us ${tag}`)).toHaveCount(0);

    // Another client: its own (empty) list, kept in the URL.
    await chooseOption(page, page.getByRole('combobox', { name: 'Client', exact: true }), orbit.name);
    await expect(page).toHaveURL(new RegExp(`clientId=${orbit.id}`));
    await expect(page.getByText('No actions found')).toBeVisible();
  });

  test('usable at 390 px: picker, add button and drawer without a page-wide horizontal scroll', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: PATH });
    // A generous first wait: the lazy screen loads slowly on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Actions', exact: true })).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect(page.getByRole('button', { name: 'Add action', exact: true })).toBeInViewport();
    await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'manage-actions at 390 px', testInfo);
    await page.getByRole('button', { name: 'Add action', exact: true }).click();
    const add = dialog(page, 'Add action');
    await expect(textbox(add, 'Web address')).toBeInViewport();
    await expectAccessible(page, 'add action drawer at 390 px', testInfo);
  });
});
