import { CONFIRM_TEXT, PERMISSION_KEYS, VALIDATION_MESSAGES } from '@console/contract';
import {
  Api,
  PRODUCT,
  TEST_PASSWORD,
  chooseFile,
  chooseOption,
  dialog,
  expectImageLoaded,
  menuIds,
  pngFile,
  roleWithUser,
  rowWith,
  settled,
  signInAs,
  table,
  toast,
  uniqueTag,
} from './support/admin';
import { expectAccessible } from './support/axe';
import { USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';

const USERS_PATH = `${PRODUCT}/users`;

test.describe('users screen', () => {
  test('add a user with an avatar, see it in the list, edit name and role, delete behind the spec confirm', async ({ page }, testInfo) => {
    const tag = uniqueTag();
    const email = `avatar-${tag}@example.test`;
    const first = `Ava${tag}`;
    const last = 'Pictured';
    await signIn(page, 'admin', { at: USERS_PATH });
    const users = table(page, 'Users');
    await settled(page);
    await expectAccessible(page, 'users list', testInfo);

    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    const add = dialog(page, 'Add user');
    await expect(add.getByRole('textbox', { name: 'First name', exact: true })).toBeVisible();
    await add.getByRole('textbox', { name: 'First name', exact: true }).fill(first);
    await add.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
    await add.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
    await chooseOption(page, add.getByRole('combobox', { name: 'Role', exact: true }), 'Content Manager');
    await chooseFile(page, add, 'Profile image', pngFile(`avatar-${tag}.png`, [200, 40, 90]));
    await expect(add.getByRole('img', { name: `Preview of avatar-${tag}.png` })).toBeVisible();
    await expectAccessible(page, 'add user drawer', testInfo);
    await add.getByRole('button', { name: 'Add user', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'User added successfully')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
    const row = rowWith(users, email);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${first} ${last}`);
    await expect(row).toContainText('Content Manager');
    // the avatar is the uploaded picture, fetched with the bearer token (not the initials)
    await expectImageLoaded(row.getByRole('img', { name: `Profile picture of ${first} ${last}` }));

    // edit: new first name and another role
    await row.getByRole('button', { name: `Edit ${first} ${last}` }).click();
    const edit = dialog(page, `Edit ${first} ${last}`);
    await expect(edit.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(first);
    await expect(edit.getByText('Current file')).toBeVisible(); // the stored avatar is shown, not re-sent
    await edit.getByRole('textbox', { name: 'First name', exact: true }).fill(`Eve${tag}`);
    await chooseOption(page, edit.getByRole('combobox', { name: 'Role', exact: true }), 'Support Agent');
    await expectAccessible(page, 'edit user drawer', testInfo);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`Eve${tag} ${last}`);
    await expect(row).toContainText('Support Agent');
    await expectImageLoaded(row.getByRole('img', { name: `Profile picture of Eve${tag} ${last}` }));

    // delete: the spec's confirm texts; Cancel keeps the user
    await row.getByRole('button', { name: `Delete Eve${tag} ${last}` }).click();
    let confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await expect(confirm.getByText(CONFIRM_TEXT.deleteBody)).toBeVisible();
    await expect(confirm.getByRole('button', { name: CONFIRM_TEXT.cancel })).toBeVisible();
    await expectAccessible(page, 'delete user confirm', testInfo);
    await confirm.getByRole('button', { name: CONFIRM_TEXT.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Delete Eve${tag} ${last}` }).click();
    confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await confirm.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('bulk delete: select rows, confirm with the spec texts, only the selected go', async ({ page, baseURL }, testInfo) => {
    const tag = uniqueTag('bulk');
    const admin = await Api.admin(baseURL!);
    const made = [];
    for (const n of [1, 2, 3])
      made.push(await admin.createUser({ firstname: `Bulk${n}`, lastname: tag, email: `${tag}-${n}@example.test`, roleId: 3 }));
    await signIn(page, 'admin', { at: `${USERS_PATH}?search=${tag}&sortField=email&sortOrder=asc` });
    const users = table(page, 'Users');
    await expect(rowWith(users, tag)).toHaveCount(3);
    const bulk = page.getByRole('button', { name: /^Delete selected/ });
    await expect(bulk).toBeDisabled();

    await users.getByRole('checkbox', { name: `Select Bulk1 ${tag}` }).check();
    await users.getByRole('checkbox', { name: `Select Bulk3 ${tag}` }).check();
    await expect(bulk).toHaveText('Delete selected (2)');
    await expect(users.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveJSProperty('indeterminate', true);
    await bulk.click();
    const confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await expect(confirm.getByText(CONFIRM_TEXT.deleteBody)).toBeVisible();
    await expectAccessible(page, 'bulk delete confirm', testInfo);
    await confirm.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, '2 users deleted')).toBeVisible();
    await expect(rowWith(users, tag)).toHaveCount(1);
    await expect(rowWith(users, tag)).toContainText(`Bulk2 ${tag}`);
    await expect(bulk).toHaveText('Delete selected');
    expect((await admin.listUsers({ search: tag })).total).toBe(1);
    await admin.deleteUser(made[1].id);
  });

  test('regenerate the API key: confirm, then the key is shown once', async ({ page, baseURL }, testInfo) => {
    const tag = uniqueTag();
    const admin = await Api.admin(baseURL!);
    const user = await admin.createUser({ firstname: 'Kei', lastname: `Holder${tag}`, email: `key-${tag}@example.test`, roleId: 3 });
    const name = `${user.firstname} ${user.lastname}`;

    await signIn(page, 'admin', { at: `${USERS_PATH}?search=${encodeURIComponent(user.email)}` });
    const row = rowWith(table(page, 'Users'), user.email);
    await expect(row).toHaveCount(1);

    const regenerate = row.getByRole('button', { name: `Regenerate API key for ${name}` });
    await regenerate.click();
    const ask = dialog(page, 'Regenerate API key?');
    await expect(ask.getByText(`${name} gets an API key for device ingestion. It is shown only once.`)).toBeVisible();
    await expectAccessible(page, 'regenerate API key confirm', testInfo);
    await ask.getByRole('button', { name: 'Yes, regenerate it' }).click();

    const shown = dialog(page, 'New API key');
    const key = shown.getByRole('textbox', { name: 'API key' });
    await expect(key).toHaveValue(/^ck_\S{20,}$/);
    const first = await key.inputValue();
    await expect(shown.getByText('This key will not be shown again.', { exact: false })).toBeVisible();
    await expectAccessible(page, 'API key dialog', testInfo);
    // a stray click outside does not lose the key
    await page.mouse.click(5, 5);
    await expect(shown).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(first)).toHaveCount(0);

    // a second regeneration warns that the current key stops working and issues another one
    await regenerate.click();
    await expect(
      dialog(page, 'Regenerate API key?').getByText(`The current key of ${name} stops working at once.`, { exact: false }),
    ).toBeVisible();
    await dialog(page, 'Regenerate API key?').getByRole('button', { name: 'Yes, regenerate it' }).click();
    await expect(dialog(page, 'New API key').getByRole('textbox', { name: 'API key' })).toHaveValue(/^ck_/);
    expect(await dialog(page, 'New API key').getByRole('textbox', { name: 'API key' }).inputValue()).not.toBe(first);
    await dialog(page, 'New API key').getByRole('button', { name: 'Done' }).click();

    await admin.deleteUser(user.id);
  });

  test('validation: the schema’s messages before sending, the server’s field error for a taken e-mail', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: USERS_PATH });
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    const add = dialog(page, 'Add user');
    await expect(add.getByRole('textbox', { name: 'First name', exact: true })).toBeVisible();

    // empty form: every required field says so, the first one gets focus
    await add.getByRole('button', { name: 'Add user', exact: true }).click();
    await expect(add.getByText('First name is required')).toBeVisible();
    await expect(add.getByText('Last name is required')).toBeVisible();
    await expect(add.getByText(VALIDATION_MESSAGES.emailRequired)).toBeVisible();
    await expect(add.getByText(VALIDATION_MESSAGES.passwordRequired)).toBeVisible();
    await expect(add.getByText('Role is required')).toBeVisible();
    await expect(add.getByRole('textbox', { name: 'First name', exact: true })).toBeFocused();
    await expectAccessible(page, 'add user drawer with errors', testInfo);

    // editing a field clears its error
    await add.getByRole('textbox', { name: 'First name', exact: true }).fill('Dup');
    await expect(add.getByText('First name is required')).toHaveCount(0);
    await add.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill('123');
    await add.getByRole('button', { name: 'Add user', exact: true }).click();
    await expect(add.getByText(VALIDATION_MESSAGES.emailInvalid)).toBeVisible();
    await expect(add.getByText(VALIDATION_MESSAGES.passwordMin)).toBeVisible();

    // valid input, but the e-mail belongs to a seeded user: the server's fieldErrors.email shows under the field
    await add.getByRole('textbox', { name: 'Last name', exact: true }).fill('Licate');
    await add.getByRole('textbox', { name: 'Email', exact: true }).fill(USERS.manager.email);
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
    await chooseOption(page, add.getByRole('combobox', { name: 'Role', exact: true }), 'Support Agent');
    await add.getByRole('button', { name: 'Add user', exact: true }).click();
    const emailInput = add.getByRole('textbox', { name: 'Email', exact: true });
    await expect(add.getByText('A user with this e-mail address already exists')).toBeVisible();
    await expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    await expect(emailInput).toBeFocused();
    await expect(add).toBeVisible(); // nothing was saved; the drawer stays open
    await expectAccessible(page, 'add user drawer with a server error', testInfo);
  });

  test('a user admin who is not the super admin: only roles within their own keys, no actions on stronger users', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag('scope');
    const admin = await Api.admin(baseURL!);
    const K = PERMISSION_KEYS.users;
    const { role, user } = await roleWithUser(admin, tag, {
      moduleIds: [5],
      menuIds: menuIds(5, 'users'),
      roleKeys: [K.view, K.create, K.update, K.delete, K.regenerateKey],
    });
    // A guest (role 4: no keys) is within reach; the seeded manager (role 2) is not.
    const weak = await admin.createUser({ firstname: 'Wendy', lastname: `Weak ${tag}`, email: `weak-${tag}@example.test`, roleId: 4 });
    await signInAs(page, user.email);
    await page.goto(`${USERS_PATH}?search=example&sortField=email&sortOrder=asc&limit=100`);
    const users = table(page, 'Users');
    const managerRow = rowWith(users, USERS.manager.email);
    await expect(managerRow.getByRole('img', { name: /^Your role cannot manage this user/ })).toBeVisible();
    await expect(managerRow.getByRole('button', { name: /^(Edit|Delete|Regenerate)/ })).toHaveCount(0);
    await expect(managerRow.getByRole('checkbox')).toBeDisabled();
    const weakRow = rowWith(users, weak.email);
    await expect(weakRow.getByRole('button', { name: `Edit Wendy Weak ${tag}` })).toBeVisible();
    await expect(weakRow.getByRole('checkbox')).toBeEnabled();
    await expectAccessible(page, 'users list as a user admin with stronger users', testInfo);

    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    const add = dialog(page, 'Add user');
    await add.getByRole('combobox', { name: 'Role', exact: true }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toContain(role.name);
    expect(offered).toContain('Guest');
    for (const stronger of ['Super Admin', 'Content Manager', 'Support Agent']) expect(offered).not.toContain(stronger);
    await page.keyboard.press('Escape');

    await admin.deleteUser(weak.id);
    await admin.deleteUser(user.id);
  });
});
