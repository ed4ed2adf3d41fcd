import { ADMIN_API_PATHS, buildModuleCatalogue, CONFIRM_TEXT, MODULE_IDS, PERMISSION_KEYS, UI_TEXT } from '@console/contract';
import { Api, PRODUCT, dialog, menuIds, roleWithUser, rowWith, settled, signInAs, table, toast, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { E2E } from './support/env';
import { expect, expectPath, sessionOf, signIn, test } from './support/fixtures';

const K = PERMISSION_KEYS;
// The product module's menus (its catalogue grows with the screens: Change History is the seventh).
const PRODUCT_MENU_COUNT =
  buildModuleCatalogue({ slug: E2E.productSlug, name: E2E.productName }).find((m) => m.id === MODULE_IDS.product)?.menus.length ?? 0;
const textbox = (scope: import('@playwright/test').Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('roles, permissions and what a role then sees', () => {
  test('create a role, grant it two menus and some keys with the preview, then its user sees exactly that', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const roleName = `E2E Viewer ${tag}`;
    await signIn(page, 'admin');

    // roles screen: add the role
    await page.goto(`${PRODUCT}/roles`);
    await settled(page);
    await expectAccessible(page, 'roles list', testInfo);
    await page.getByRole('button', { name: 'Add role', exact: true }).click();
    const add = dialog(page, 'Add role');
    await textbox(add, 'Name').fill(roleName);
    await textbox(add, 'Description').fill('Reads users, manages companies');
    await expectAccessible(page, 'add role dialog', testInfo);
    await add.getByRole('button', { name: 'Add role', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Role created')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search roles' }).fill(tag);
    // The search's own page, not the row on the unfiltered page 1 (newest first) it was typed over.
    await expect(page.getByText('1–1 of 1', { exact: true })).toBeVisible();
    const row = rowWith(table(page, 'Roles'), roleName);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Reads users, manages companies');
    await expect(row).toContainText('Custom');

    // into its permissions
    await row.getByRole('link', { name: `Manage access for ${roleName}` }).click();
    await expectPath(page, `${PRODUCT}/permissions`);
    await expect(page).toHaveURL(/roleId=\d+/);
    const roleId = Number(new URL(page.url()).searchParams.get('roleId'));
    await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue(roleName);
    const preview = page.getByRole('region', { name: 'View as this role' });
    await expect(preview.getByText('No modules')).toBeVisible();
    await expectAccessible(page, 'permissions (empty role)', testInfo);

    // menus: Companies and Users of the product module (that grants the module too)
    const menus = page.getByRole('group', { name: 'Menus per module' });
    const productMenus = menus.getByRole('group', { name: E2E.productName, exact: true });
    await productMenus.getByRole('checkbox', { name: 'Companies', exact: true }).check();
    await productMenus.getByRole('checkbox', { name: 'Users', exact: true }).check();
    const productModule = page.getByRole('group', { name: `${E2E.productName} module` });
    await expect(productModule.getByRole('checkbox', { name: `${E2E.productName} module` })).toBeChecked();

    // keys: view users; view and create companies; not users.create
    await productModule.getByRole('checkbox', { name: `View (${K.users.view})` }).check();
    await productModule.getByRole('checkbox', { name: `View (${K.companies.view})` }).check();
    await productModule.getByRole('checkbox', { name: `Create (${K.companies.create})` }).check();
    await expect(productModule.getByRole('checkbox', { name: `Create (${K.users.create})` })).not.toBeChecked();
    await expect(productModule.getByText(`2/${PRODUCT_MENU_COUNT} menus`)).toBeVisible();
    await expect(page.getByRole('status').getByText(/unsaved change/)).toBeVisible();

    // 'View as this role': one home card, exactly the two menus, exactly those buttons
    await expect(preview.getByRole('tab')).toHaveText([E2E.productName]);
    const previewSidebar = preview.getByRole('group', { name: `Sidebar of ${E2E.productName} as this role sees it` });
    await expect(previewSidebar.locator('.mantine-NavLink-label')).toHaveText(['Companies', 'Users']);
    await expect(previewSidebar.getByRole('link')).toHaveCount(0); // a preview, not a way out of the screen
    const buttons = preview.getByRole('listitem');
    await expect(buttons).toHaveCount(2);
    await expect(buttons.filter({ hasText: 'Companies' }).locator('.mantine-Badge-label')).toHaveText(['View', 'Create']);
    await expect(buttons.filter({ hasText: 'Users' }).locator('.mantine-Badge-label')).toHaveText(['View']);
    await expectAccessible(page, 'permissions with preview', testInfo);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Permissions saved')).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();

    // stored as chosen
    const admin = await Api.admin(baseURL!);
    const stored = await admin.getGrants(roleId);
    expect(stored.moduleIds).toEqual([MODULE_IDS.product]);
    expect([...stored.menuIds].sort((a, b) => a - b)).toEqual(menuIds(MODULE_IDS.product, 'companies', 'users'));
    expect([...stored.roleKeys].sort()).toEqual([K.companies.create, K.companies.view, K.users.view].sort());

    // a user with the role, signed in in a fresh browser
    const email = `viewer-${tag}@example.test`;
    const user = await admin.createUser({ firstname: 'Vera', lastname: `Viewer${tag}`, email, roleId });
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    try {
      await signInAs(other, email);
      await expect(other.getByRole('article').getByRole('heading')).toHaveText([E2E.productName]);
      await expectAccessible(other, 'home (custom role)', testInfo);
      await other
        .getByRole('article')
        .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
        .click();
      await expectPath(other, `${PRODUCT}/companies`);
      const sidebar = other.getByRole('navigation', { name: `${E2E.productName} menu` });
      await expect(sidebar.getByRole('link')).toHaveText(['Companies', 'Users']);

      // companies: Add (companies.create), but no edit, delete or exports
      await settled(other);
      await expect(other.getByRole('button', { name: 'Add company', exact: true })).toBeVisible();
      await expect(other.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
      await expect(other.getByRole('button', { name: /^Export / })).toHaveCount(0);
      await expect(other.getByRole('button', { name: /^Delete selected/ })).toHaveCount(0);
      await expectAccessible(other, 'companies (custom role)', testInfo);

      // users: the list, but no Add, Edit, Delete or key buttons
      await sidebar.getByRole('link', { name: 'Users' }).click();
      await expectPath(other, `${PRODUCT}/users`);
      await settled(other);
      await expect(rowWith(table(other, 'Users'), email)).toHaveCount(1);
      await expect(other.getByRole('button', { name: 'Add user', exact: true })).toHaveCount(0);
      await expect(other.getByRole('button', { name: /^(Edit|Delete|Regenerate API key for) / })).toHaveCount(0);
      await expect(other.getByRole('button', { name: /^Delete selected/ })).toHaveCount(0);
      await expectAccessible(other, 'users (custom role)', testInfo);

      // a menu the role does not hold is not reachable by URL either
      await other.goto(`${PRODUCT}/roles`);
      await expect(other.getByText("You don't have permission to open this page. Please contact Admin.")).toBeVisible();

      // the API refuses what the keys do not allow, whatever the browser shows
      const asViewer = Api.fromSession(baseURL!, await sessionOf(context));
      const list = await asViewer.raw('GET', ADMIN_API_PATHS.users.list);
      expect(list.status).toBe(200);
      const forbidden = await asViewer.raw('POST', ADMIN_API_PATHS.users.add, {
        firstname: 'No',
        lastname: 'Way',
        email: `noway-${tag}@example.test`,
        password: 'E2e-Never-Stored-1',
        roleId,
      });
      expect(forbidden.status).toBe(403);
      expect(((await forbidden.json()) as { code: string }).code).toBe('FORBIDDEN');
      const deleteRefused = await asViewer.raw('DELETE', ADMIN_API_PATHS.users.remove(user.id));
      expect(deleteRefused.status).toBe(403);
      expect((await asViewer.raw('GET', ADMIN_API_PATHS.roles.list)).status).toBe(403);

      // a grant change applies on the role's next request: users.create now shows Add user
      await admin.setGrants(roleId, { ...stored, roleKeys: [...stored.roleKeys, K.users.create] });
      await other.goto(`${PRODUCT}/users`);
      await expect(other.getByRole('button', { name: 'Add user', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('permission groups: the read-only list of groups and their keys, with details', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: `${PRODUCT}/permissions` });
    await page.getByRole('tab', { name: 'Permission groups' }).click();
    const groups = table(page, 'Permission groups');
    await expect(rowWith(groups, 'Module Permissions')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search permission groups' }).fill('Users');
    await expect(page).toHaveURL(/groups\.search=Users/);
    const users = groups.locator('tbody tr').filter({ has: page.getByText('Users', { exact: true }) });
    await expect(users).toContainText(K.users.view);
    await expectAccessible(page, 'permission groups', testInfo);
    await users.getByRole('button', { name: 'Details of Users' }).click();
    const details = dialog(page, 'Users permissions');
    await expect(details.getByRole('table').locator('tbody tr')).toHaveCount(Object.keys(K.users).length);
    await expect(details.getByText(K.users.regenerateKey)).toBeVisible();
    await expectAccessible(page, 'permission group details', testInfo);
    await details.getByRole('button', { name: 'Close details' }).click();
    await expect(details).toBeHidden();
  });

  test('module permissions: tick a module for a role, save, and it stays', async ({ page, baseURL }, testInfo) => {
    const tag = uniqueTag();
    const admin = await Api.admin(baseURL!);
    const role = await admin.createRole(`E2E Modules ${tag}`);
    await signIn(page, 'admin', { at: `${PRODUCT}/module-permissions` });
    const grid = page.getByRole('table', { name: 'Modules per role' });
    const cell = grid.getByRole('checkbox', { name: `Profile for ${role.name}` });
    await expect(cell).not.toBeChecked();
    // Super Admin holds every module and cannot be changed
    await expect(grid.getByRole('checkbox', { name: 'Profile for Super Admin' })).toBeChecked();
    await expect(grid.getByRole('checkbox', { name: 'Profile for Super Admin' })).toBeDisabled();
    await expectAccessible(page, 'module permissions', testInfo);

    await cell.check();
    const roleRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(role.name) }) });
    await expect(roleRow.getByText('Changed')).toBeVisible();
    await expect(page.getByText('1 role changed')).toBeVisible();
    await expectAccessible(page, 'module permissions (changed)', testInfo);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Module permissions saved for 1 role')).toBeVisible();
    await expect(page.getByText('1 role changed')).toHaveCount(0);
    expect((await admin.getGrants(role.id)).moduleIds).toEqual([MODULE_IDS.profile]);

    await page.reload();
    await expect(grid.getByRole('checkbox', { name: `Profile for ${role.name}` })).toBeChecked();

    // and off again (Discard first shows nothing is lost by accident)
    await grid.getByRole('checkbox', { name: `Profile for ${role.name}` }).uncheck();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(grid.getByRole('checkbox', { name: `Profile for ${role.name}` })).toBeChecked();
    await grid.getByRole('checkbox', { name: `Profile for ${role.name}` }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Module permissions saved for 1 role')).toBeVisible();
    expect((await admin.getGrants(role.id)).moduleIds).toEqual([]);
  });

  test('roles: edit a description, delete an unused role, and a role in use is refused with its reason', async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag();
    const admin = await Api.admin(baseURL!);
    const spare = await admin.createRole(`E2E Spare ${tag}`);
    const { role: used } = await roleWithUser(admin, `used${tag}`, { moduleIds: [], menuIds: [], roleKeys: [] });
    await signIn(page, 'admin', { at: `${PRODUCT}/roles?search=${encodeURIComponent(tag)}` });
    const roles = table(page, 'Roles');
    await expect(rowWith(roles, spare.name)).toHaveCount(1);
    await expect(rowWith(roles, used.name)).toContainText('1'); // its user count

    // edit
    await rowWith(roles, spare.name)
      .getByRole('button', { name: `Edit role ${spare.name}` })
      .click();
    const edit = dialog(page, `Edit role ${spare.name}`);
    await textbox(edit, 'Description').fill(`Edited ${tag}`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Role updated')).toBeVisible();
    await expect(rowWith(roles, spare.name)).toContainText(`Edited ${tag}`);

    // in use: refused with the API's message, the row stays
    await rowWith(roles, used.name)
      .getByRole('button', { name: `Delete role ${used.name}` })
      .click();
    await dialog(page, CONFIRM_TEXT.deleteTitle).getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    const refused = dialog(page, 'The role was not deleted');
    await expect(refused.getByText('This role is assigned to 1 user. Move them to another role first.')).toBeVisible();
    await expectAccessible(page, 'role in use dialog', testInfo);
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(rowWith(roles, used.name)).toHaveCount(1);

    // unused: deleted behind the spec confirm
    await rowWith(roles, spare.name)
      .getByRole('button', { name: `Delete role ${spare.name}` })
      .click();
    const confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await expect(confirm.getByText(CONFIRM_TEXT.deleteBody)).toBeVisible();
    await expectAccessible(page, 'delete role confirm', testInfo);
    await confirm.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).click();
    await expect(toast(page, 'Role deleted')).toBeVisible();
    await expect(rowWith(roles, spare.name)).toHaveCount(0);

    // Super Admin is protected: no delete button, no selection
    await page.goto(`${PRODUCT}/roles?search=Super`);
    await expect(rowWith(roles, 'Super Admin')).toHaveCount(1);
    await expect(rowWith(roles, 'Super Admin').getByRole('button', { name: /^Delete role/ })).toHaveCount(0);
    await expect(rowWith(roles, 'Super Admin').getByRole('checkbox')).toBeDisabled();
  });
});
