// Keyboard and focus checks of the shared shell and form parts (issue 7 s.1): the skip link, the
// Tab stops of a long form and the focus ring's contrast in dark mode.
import type { Page } from '@playwright/test';
import { CONFIRM_TEXT } from '@console/contract';
import { Api, PRODUCT, dialog, settled, table, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, signIn, test, themeToggle } from './support/fixtures';

const USERS_PATH = `${PRODUCT}/users`;

/** What has focus, as a short description: tag, accessible name and whether it is a field help icon. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', name: '', help: false, inMain: false, inDialog: false };
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent?.trim();
    const name = el.getAttribute('aria-label') ?? labelled ?? el.textContent?.trim().slice(0, 60) ?? '';
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name,
      help: /^Help for /.test(el.getAttribute('aria-label') ?? ''),
      inMain: Boolean(el.closest('main')),
      inDialog: Boolean(el.closest('[role="dialog"]')),
    };
  });

/**
 * The first Tab stop of the page, worked out as the browser's sequential navigation does: no
 * element has a positive tabindex (which would jump ahead), so the first focusable, visible-to-
 * keyboard element in document order is where the first Tab lands. Asking the DOM, rather than
 * pressing Tab from a synthetic "document start", keeps the check free of Chrome's asynchronous
 * focus fix-ups, which made the pressed-Tab version fail now and then on a loaded machine.
 */
const firstTabStop = (page: Page) =>
  page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-second-tab-stop]')) el.removeAttribute('data-second-tab-stop');
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]',
    );
    const positive = [...candidates].filter((el) => el.tabIndex > 0).length;
    const stops = [...candidates].filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && !el.closest('[inert], [hidden]') && el.getClientRects().length > 0,
    );
    const [first, second] = stops;
    // Mark the second stop so the test can start one Tab stop after the first.
    second?.setAttribute('data-second-tab-stop', '');
    return { positive, text: first?.textContent?.trim() ?? '', href: first?.getAttribute('href') ?? '' };
  });

/**
 * Checks the skip link is the first Tab stop, then reaches it by keyboard (Shift+Tab from the
 * second stop), so it gets :focus-visible as a keyboard user's focus does.
 */
async function expectSkipLinkFirst(page: Page) {
  // Polled: right after a navigation the lazily loaded route may not have rendered a single
  // focusable element yet (CI once found none at all), and the answer is only meaningful once it has.
  await expect
    .poll(() => firstTabStop(page), { timeout: 15_000 })
    .toEqual({ positive: 0, text: 'Skip to main content', href: '#main-content' });
  await page.locator('[data-second-tab-stop]').first().focus();
  await page.keyboard.press('Shift+Tab');
}

/** WCAG contrast of two CSS colours as the browser computed them (rgb()/rgba() on an opaque base). */
function contrast(a: string, b: string): number {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lum = (c: string) => {
    const [r, g, bl] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test.describe('keyboard and focus', () => {
  test('"Skip to main content" is the first Tab stop, shows when focused and moves focus into <main>', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: USERS_PATH });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(page);
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // Hidden (off screen) until it has focus.
    await expect(skip).not.toBeInViewport();
    await expectSkipLinkFirst(page);
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectAccessible(page, 'skip link focused', testInfo);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(USERS_PATH); // the route is untouched
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);

    // The home page (outside the shell) has one too.
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSkipLinkFirst(page);
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the Add user drawer is crossed with one Tab per control: help icons stay clickable but out of the Tab order', async ({ page }) => {
    await signIn(page, 'admin', { at: USERS_PATH });
    await settled(page);
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    const add = dialog(page, 'Add user');
    const first = add.getByRole('textbox', { name: 'First name', exact: true });
    await expect(first).toBeVisible();
    const helpIcons = add.getByRole('link', { name: /^Help for / });
    const icons = await helpIcons.count();
    expect(icons).toBeGreaterThan(5);
    // Still links (mouse and touch reach them), with tabindex -1.
    for (const i of [0, icons - 1]) {
      await expect(helpIcons.nth(i)).toHaveAttribute('tabindex', '-1');
      await expect(helpIcons.nth(i)).toHaveAttribute('href', /^\/docs\/users#/);
    }

    await first.focus();
    const stops: { name: string; help: boolean }[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDialog, 'focus stays in the drawer').toBe(true);
      stops.push(now);
      if (now.tag === 'button' && now.name === 'Add user') break;
    }
    logStops(stops);
    expect(stops.at(-1)?.name).toBe('Add user');
    expect(stops.filter((s) => s.help)).toEqual([]);
    // The one keyboard stop for help is the form's own link.
    expect(stops.some((s) => s.name.startsWith('Help with this form'))).toBe(true);
    // Before: 26 Tabs from the first field to the submit button, half of them help icons.
    expect(stops.length).toBeLessThanOrEqual(26 - icons + 1);
  });

  test('closing a drawer or dialog gives focus back to the button that opened it, the first time as every time', async ({ page }) => {
    await signIn(page, 'admin', { at: USERS_PATH });
    await settled(page);
    const edit = page
      .getByRole('main')
      .getByRole('button', { name: /^Edit / })
      .first();
    const history = page
      .getByRole('main')
      .getByRole('button', { name: /^History of / })
      .first();
    for (const [opener, how] of [
      [edit, 'Escape'],
      [history, 'Escape'],
      [edit, 'Escape'],
      [page.getByRole('button', { name: 'Add user', exact: true }), 'Cancel'],
      // The confirm dialog, whose code loads on the first alert and mounts already open.
      [
        page
          .getByRole('main')
          .getByRole('button', { name: /^Delete (?!selected)/ })
          .first(),
        'Escape',
      ],
    ] as const) {
      await opener.focus();
      await page.keyboard.press('Enter');
      const open = page.getByRole('dialog');
      await expect(open).toBeVisible();
      await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await open.getByRole('button', { name: how, exact: true }).click();
      await expect(open).toBeHidden();
      // Not <body>: the keyboard user goes on from where they were.
      await expect(opener).toBeFocused();
    }
  });

  test('a form opens in its first field; a delete confirm opens on Cancel, so Enter pressed twice keeps the row', async ({
    page,
    baseURL,
  }) => {
    const admin = await Api.admin(baseURL!);
    const tag = uniqueTag();
    await admin.createCompany({ name: `Keep me ${tag}` });
    await signIn(page, 'admin', { at: `${PRODUCT}/companies?search=${encodeURIComponent(tag)}` });
    const companies = table(page, 'Companies');
    await expect(companies.locator('tbody tr')).toHaveCount(1);
    for (const [opener, title] of [
      [page.getByRole('main').getByRole('button', { name: 'Add company', exact: true }), 'Add company'],
      [companies.getByRole('button', { name: `Edit Keep me ${tag}` }), /^Edit /],
    ] as const) {
      await opener.focus();
      await page.keyboard.press('Enter');
      // Typing starts at once, where the mouse user would click first: not on the drawer's Close button.
      await expect(dialog(page, title).getByRole('textbox', { name: 'Company name' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(opener).toBeFocused();
    }
    const remove = companies.getByRole('button', { name: `Delete Keep me ${tag}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    const confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
    await expect(confirm.getByRole('button', { name: CONFIRM_TEXT.cancel })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await page.reload();
    await expect(companies.locator('tbody tr')).toHaveCount(1);
  });

  test('a row deleted from the keyboard leaves focus on the same button of the row that takes its place, then on the table', async ({
    page,
    baseURL,
  }) => {
    const admin = await Api.admin(baseURL!);
    const tag = uniqueTag();
    // Newest first: B is the first row, A the second.
    for (const name of ['A', 'B']) await admin.createCompany({ name: `Keyboard ${name} ${tag}` });
    await signIn(page, 'admin', { at: `${PRODUCT}/companies?search=${encodeURIComponent(tag)}` });
    const companies = table(page, 'Companies');
    await expect(companies.locator('tbody tr')).toHaveCount(2);
    const remove = (name: string) => companies.getByRole('button', { name: `Delete Keyboard ${name} ${tag}` });
    for (const [name, then] of [
      ['B', remove('A')],
      ['A', companies],
    ] as const) {
      await remove(name).focus();
      await page.keyboard.press('Enter');
      const confirm = dialog(page, CONFIRM_TEXT.deleteTitle);
      await confirm.getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).focus();
      await page.keyboard.press('Enter');
      await expect(remove(name)).toHaveCount(0);
      // Not <body>: the next Tab goes on from the list, not from the top of the page.
      await expect(then).toBeFocused();
    }
  });

  test('after "Delete selected" from the keyboard, focus is on the select-all box (the button is then disabled)', async ({
    page,
    baseURL,
  }) => {
    const admin = await Api.admin(baseURL!);
    const tag = uniqueTag();
    for (const name of ['A', 'B', 'C']) await admin.createCompany({ name: `Bulk keys ${name} ${tag}` });
    await signIn(page, 'admin', { at: `${PRODUCT}/companies?search=${encodeURIComponent(tag)}` });
    const companies = table(page, 'Companies');
    await expect(companies.locator('tbody tr')).toHaveCount(3);
    for (const name of ['A', 'C']) {
      await companies.getByRole('checkbox', { name: new RegExp(`Bulk keys ${name} `) }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByRole('button', { name: 'Delete selected (2)' }).focus();
    await page.keyboard.press('Enter');
    await dialog(page, CONFIRM_TEXT.deleteTitle).getByRole('button', { name: CONFIRM_TEXT.deleteConfirm }).focus();
    await page.keyboard.press('Enter');
    await expect(companies.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Delete selected', exact: true })).toBeDisabled();
    await expect(companies.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeFocused();
  });

  test('in dark mode the focus ring keeps 3:1 against the page behind it', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await themeToggle(page).click();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.goto(USERS_PATH);
    await settled(page);
    const button = page.getByRole('button', { name: 'Add user', exact: true });
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // keyboard focus: :focus-visible applies
    await expect(button).toBeFocused();
    const { outline, outlineStyle, surfaces } = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      const bg = (node: Element | null): string => {
        for (let n = node; n; n = n.parentElement) {
          const c = getComputedStyle(n).backgroundColor;
          if (c && !/rgba\(0, 0, 0, 0\)|transparent/.test(c)) return c;
        }
        return getComputedStyle(document.body).backgroundColor;
      };
      return {
        outline: style.outlineColor,
        outlineStyle: style.outlineStyle,
        surfaces: [bg(el.parentElement), getComputedStyle(document.body).backgroundColor],
      };
    });
    expect(outlineStyle).toBe('solid');
    for (const surface of surfaces) {
      expect(contrast(outline, surface), `focus ring ${outline} on ${surface}`).toBeGreaterThanOrEqual(3);
    }
    await expectAccessible(page, 'users list (dark, focus)', testInfo);

    // Plain elements (the global :focus-visible rule) get the same ring: the skip link on the page.
    await expectSkipLinkFirst(page);
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    const skipRing = await skip.evaluate((el) => getComputedStyle(el).outlineColor);
    expect(skipRing).toBe(outline);
  });
});

function logStops(stops: { name: string }[]) {
  // Printed for whoever reads the run: the drawer's Tab stops in order.
  console.log(`Add user drawer: ${stops.length} Tab stops: ${stops.map((s) => s.name).join(' | ')}`);
}
