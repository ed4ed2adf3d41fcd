import { CONFIRM_TEXT } from '@console/contract';
import {
  Api,
  PRODUCT,
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

const COMPANIES_PATH = `${PRODUCT}/companies`;
const textbox = (scope: import('@playwright/test').Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('companies screen', () => {
  test('a changed form asks before it is thrown away (Escape, Cancel, a click outside); an unchanged one closes at once', async ({
    page,
  }, testInfo) => {
    const name = `Half typed ${uniqueTag()}`;
    await signIn(page, 'admin', { at: COMPANIES_PATH });
    const addButton = page.getByRole('button', { name: 'Add company', exact: true });
    const add = dialog(page, 'Add company');
    const ask = dialog(page, 'Discard unsaved changes?');

    // Unchanged: Escape closes it without a question.
    await addButton.click();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    await expect(ask).toBeHidden();

    await addButton.click();
    await textbox(add, 'Company name').fill(name);
    await page.keyboard.press('Escape');
    await expect(ask).toContainText('Your changes have not been saved. Leave and lose them?');
    // Enter keeps the changes: the safe answer has focus.
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(textbox(add, 'Company name')).toHaveValue(name);
    // The question's box goes before its backdrop (15-20 ms apart here, more under CI's load): a
    // click in between lands on the fading backdrop, not the drawer's. Wait for the drawer's.
    await expect.poll(() => page.evaluate(() => Boolean(document.elementFromPoint(40, 450)?.closest('.mantine-Drawer-root')))).toBe(true);
    // A click on the page behind the drawer; Escape in the question keeps editing as well.
    await page.mouse.click(40, 450);
    await expect(ask).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('discard-question.png') });
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(add).toBeVisible();
    await expect(textbox(add, 'Company name')).toHaveValue(name);

    // Cancel asks too; this time the changes go.
    await add.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expect(add).toBeHidden();
    await addButton.click();
    await expect(textbox(add, 'Company name')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
  });

  test('add a company with a logo, edit it, delete it behind the spec confirm', async ({ page }, testInfo) => {
    const tag = uniqueTag();
    const name = `Logo Works ${tag}`;
    await signIn(page, 'admin', { at: COMPANIES_PATH });
    await settled(page);
    await expectAccessible(page, 'companies list', testInfo);

    await page.getByRole('button', { name: 'Add company', exact: true }).click();
    const add = dialog(page, 'Add company');
    await textbox(add, 'Company name').fill(name);
    await textbox(add, 'Email').fill(`hello-${tag}@logo.example`);
    await textbox(add, 'Website').fill('https://logo.example');
    await textbox(add, 'Address').fill('1 Test Street\nTestville');
    await chooseFile(page, add, 'Logo', pngFile(`logo-${tag}.png`, [30, 140, 60]));
    await expectAccessible(page, 'add company drawer', testInfo);
    await add.getByRole('button', { name: 'Add company', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Company added successfully')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search companies' }).fill(tag);
    // The search's own page, not the row on the unfiltered page 1 (newest first) it was typed over.
    await expect(page.getByText('1–1 of 1', { exact: true })).toBeVisible();
    const companies = table(page, 'Companies');
    const row = rowWith(companies, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`hello-${tag}@logo.example`);
    await expect(row.getByRole('link', { name: 'logo.example' })).toHaveAttribute('href', 'https://logo.example');
    await expect(row).toContainText('Active');
    await expectImageLoaded(row.getByRole('img', { name: `Logo of ${name}` }));

    // edit: rename, make inactive, keep the logo
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = dialog(page, `Edit ${name}`);
    await expect(textbox(edit, 'Company name')).toHaveValue(name);
    await expect(edit.getByText('Current file')).toBeVisible();
    // The stored logo goes by the name it was uploaded with, not its generated key.
    await expect(edit.getByText(`logo-${tag}.png`, { exact: true })).toBeVisible();
    await expect(edit.getByRole('button', { name: `Remove logo-${tag}.png` })).toBeVisible();
    await textbox(edit, 'Company name').fill(`${name} Ltd`);
    await chooseOption(page, edit.getByRole('combobox', { name: 'Status', exact: true }), 'Inactive');
    await expectAccessible(page, 'edit company drawer', testInfo);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Company updated successfully')).toBeVisible();
    const renamed = rowWith(companies, `${name} Ltd`);
    await expect(renamed).toContainText('Inactive');
    await expectImageLoaded(renamed.getByRole('img', { name: `Logo of ${name} Ltd` }));

    // delete
    await renamed.getByRole('button', { name: `Delete ${name} Ltd` }).click();
    const confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await expect(confirm.getByText(CONFIRM_TEXT.deleteBody)).toBeVisible();
    await expectAccessible(page, 'delete company confirm', testInfo);
    await confirm.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'Company deleted successfully')).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await expect(page.getByText('No companies found')).toBeVisible();
  });

  test('a company that still has users is not deleted, and the 409 message says why', async ({ page, baseURL }, testInfo) => {
    const tag = uniqueTag();
    const admin = await Api.admin(baseURL!);
    const company = await admin.createCompany({ name: `Busy Co ${tag}` });
    const user = await admin.createUser({
      firstname: 'Bea',
      lastname: `Busy${tag}`,
      email: `busy-${tag}@example.test`,
      roleId: 3,
      companyId: company.id,
    });

    await signIn(page, 'admin', { at: `${COMPANIES_PATH}?search=${encodeURIComponent(tag)}` });
    const row = rowWith(table(page, 'Companies'), company.name);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete ${company.name}` }).click();
    await dialog(page, CONFIRM_TEXT.deleteTitle).getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();

    const refused = dialog(page, 'The company was not deleted');
    await expect(
      refused.getByText('This company still has 1 user or client. Move it to another company or delete it first.'),
    ).toBeVisible();
    await expectAccessible(page, 'company in use dialog', testInfo);
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(refused).toBeHidden();
    await expect(row).toHaveCount(1);

    // once the user is gone the company can go too
    await admin.deleteUser(user.id);
    await row.getByRole('button', { name: `Delete ${company.name}` }).click();
    await dialog(page, CONFIRM_TEXT.deleteTitle).getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'Company deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
