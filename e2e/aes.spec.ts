// The AES tool (/aes/generate): keys and IVs made in the browser, checked here by decrypting
// the page's ciphertext with Node's own crypto (OpenSSL), never with the page's code.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { MODULE_IDS, PERMISSION_KEYS, UI_TEXT } from '@console/contract';
import type { Page, Request } from '@playwright/test';
import { Api, menuIds, roleWithUser, signInAs, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, expectPath, pageViewRecorded, signIn, test, themeToggle } from './support/fixtures';

const SAMPLE = 'The quick brown fox jumps over the lazy dog. Grüße aus Köln, ça va?';
const AES_GRANTS = (keys: string[]) => ({ moduleIds: [MODULE_IDS.aes], menuIds: menuIds(MODULE_IDS.aes, 'generate'), roleKeys: keys });

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const value = (page: Page, name: string) => field(page, name).inputValue();
const radio = (page: Page, group: string, name: string) => page.getByRole('radiogroup', { name: group }).getByRole('radio', { name });
/** Clicks a segmented control's option (its radio input is visually hidden behind the label). */
async function choose(page: Page, group: string, name: string) {
  await page.getByRole('radiogroup', { name: group }).getByText(name, { exact: true }).click();
  await expect(radio(page, group, name)).toBeChecked();
}
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Key, IV and ciphertext as the page shows them, after checking hex and base64 say the same. */
async function readPage(page: Page) {
  const key = Buffer.from(await value(page, 'Key (hex)'), 'hex');
  const iv = Buffer.from(await value(page, 'IV (hex)'), 'hex');
  expect(Buffer.from(await value(page, 'Key (base64)'), 'base64').equals(key)).toBe(true);
  expect(Buffer.from(await value(page, 'IV (base64)'), 'base64').equals(iv)).toBe(true);
  const ciphertext = Buffer.from(await value(page, 'Ciphertext (base64)'), 'base64');
  return { key, iv, ciphertext };
}

function nodeDecryptGcm(key: Buffer, iv: Buffer, sealed: Buffer): string {
  const decipher = createDecipheriv(`aes-${key.length * 8}-gcm` as 'aes-256-gcm', key, iv);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16)); // Web Crypto appends the tag
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
}

function nodeDecryptCbc(key: Buffer, iv: Buffer, ciphertext: Buffer): string {
  const decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, key, iv); // PKCS#7 padding, as Web Crypto
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

/** Every request the page makes, to prove no secret leaves the browser. */
function recordRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return {
    async expectNoneCarry(secrets: string[]) {
      for (const request of seen) {
        const text = [request.url(), request.postData() ?? '', JSON.stringify(await request.allHeaders())].join('\n');
        for (const secret of secrets) expect(text, `${request.method()} ${request.url()} carries a secret`).not.toContain(secret);
      }
    },
  };
}

async function encryptAndCheck(page: Page) {
  await button(page, 'Encrypt').click();
  await expect(field(page, 'Ciphertext (base64)')).not.toHaveValue('');
  await button(page, 'Decrypt').click();
  await expect(page.getByRole('status').filter({ hasText: 'Round trip OK' })).toBeVisible();
  await expect(field(page, 'Decrypted text')).toHaveValue(SAMPLE);
}

test.describe('AES tool', () => {
  test('/aes opens /aes/generate; a 256-bit GCM key encrypts the sample, Node decrypts it, copy buttons copy, nothing leaves the browser', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signIn(page, 'admin');
    const requests = recordRequests(page);
    await page.goto('/aes');
    await expectPath(page, '/aes/generate');
    await expect(page.getByRole('heading', { name: 'AES keys' })).toBeVisible();
    await expect(page.getByText('No key yet.')).toBeVisible();
    await expect(button(page, 'Encrypt')).toBeDisabled();
    await expectAccessible(page, 'aes (no key)', testInfo);

    // 256-bit GCM is the default
    await expect(radio(page, 'Key size', '256-bit')).toBeChecked();
    await expect(radio(page, 'Mode', 'GCM')).toBeChecked();
    await button(page, 'Generate key and IV').click();
    await expect(page.getByText('AES-256-GCM · generated')).toBeVisible();
    await expect(field(page, 'Plaintext')).toHaveValue(SAMPLE);
    await encryptAndCheck(page);

    const { key, iv, ciphertext } = await readPage(page);
    expect(key.length).toBe(32);
    expect(iv.length).toBe(12);
    expect(ciphertext.length).toBe(Buffer.byteLength(SAMPLE) + 16);
    expect(nodeDecryptGcm(key, iv, ciphertext)).toBe(SAMPLE);
    await expect(
      page.getByText(`${ciphertext.length} bytes: ${ciphertext.length - 16} of ciphertext + 16 of tag.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText("Done by your browser's Web Crypto.").first()).toBeVisible();
    await expectAccessible(page, 'aes (GCM round trip)', testInfo);

    // Each copy button puts its own value on the clipboard
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    for (const name of ['Key (hex)', 'Key (base64)', 'IV (hex)', 'IV (base64)', 'Ciphertext (base64)']) {
      await button(page, `Copy ${name.toLowerCase()}`).click();
      await expect.poll(clipboard, { message: name }).toBe(await value(page, name));
      await expect(page.getByRole('status').filter({ hasText: `${name} copied to the clipboard` })).toBeAttached();
    }

    // A new IV keeps the key; no request carried any of it
    await button(page, 'New IV only').click();
    expect(await value(page, 'Key (hex)')).toBe(key.toString('hex'));
    expect(await value(page, 'IV (hex)')).not.toBe(iv.toString('hex'));
    await expect(field(page, 'Ciphertext (base64)')).toHaveValue('');
    await requests.expectNoneCarry([
      key.toString('hex'),
      key.toString('base64'),
      iv.toString('hex'),
      ciphertext.toString('base64'),
      encodeURIComponent(key.toString('base64')),
    ]);
  });

  test('128-bit CBC works with the network cut off: no request at all while generating, encrypting and decrypting', async ({
    page,
  }, testInfo) => {
    // The screen's page-view record goes out when the browser is idle (lib/activity-logger.ts),
    // which can be after the network has been quiet for a while: it belongs to the page load.
    const pageViewSent = pageViewRecorded(page, '/aes/generate');
    await signIn(page, 'admin', { at: '/aes/generate' });
    await expect(page.getByRole('heading', { name: 'AES keys' })).toBeVisible();
    // The shell finishes loading first (its avatar, fonts and session figures arrive a moment after the heading):
    // what counts is that the tool itself asks for nothing, not a page load the cut happened to interrupt.
    await pageViewSent;
    await page.waitForLoadState('networkidle');
    // Cut the network without the browser's 'offline' event (which, per spec s.4, shows /internet-connection).
    const attempted: string[] = [];
    await page.route('**/*', (route) => {
      attempted.push(route.request().url());
      return route.abort('internetdisconnected');
    });

    await choose(page, 'Key size', '128-bit');
    await choose(page, 'Mode', 'CBC');
    await button(page, 'Generate key and IV').click();
    await expect(page.getByText('AES-128-CBC · generated')).toBeVisible();
    await encryptAndCheck(page);
    const { key, iv, ciphertext } = await readPage(page);
    expect([key.length, iv.length]).toEqual([16, 16]);
    expect(ciphertext.length % 16).toBe(0);
    expect(ciphertext.length).toBeGreaterThan(Buffer.byteLength(SAMPLE));
    expect(nodeDecryptCbc(key, iv, ciphertext)).toBe(SAMPLE);

    // Switching to GCM keeps the key, makes a 12-byte IV, and still round-trips
    await choose(page, 'Mode', 'GCM');
    await expect(page.getByText('AES-128-GCM · generated')).toBeVisible();
    await encryptAndCheck(page);
    const gcm = await readPage(page);
    expect(gcm.key.equals(key)).toBe(true);
    expect(gcm.iv.length).toBe(12);
    expect(nodeDecryptGcm(gcm.key, gcm.iv, gcm.ciphertext)).toBe(SAMPLE);

    expect(attempted, 'requests made while the network was cut').toEqual([]);
    await expectAccessible(page, 'aes (CBC, network cut)', testInfo);
  });

  test('going offline shows /internet-connection (spec s.4); coming back returns to the tool with the same key, IV and ciphertext', async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin', { at: '/aes/generate' });
    await choose(page, 'Mode', 'CBC');
    await button(page, 'Generate key and IV').click();
    await field(page, 'Plaintext').fill('kept across the offline page');
    await button(page, 'Encrypt').click();
    await expect(field(page, 'Ciphertext (base64)')).not.toHaveValue('');
    const before = await readPage(page);

    await context.setOffline(true);
    await expectPath(page, '/internet-connection');
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await context.setOffline(false);
    await expectPath(page, '/aes/generate');
    const after = await readPage(page);
    expect(after.key.toString('hex')).toBe(before.key.toString('hex'));
    expect(after.iv.toString('hex')).toBe(before.iv.toString('hex'));
    expect(after.ciphertext.toString('base64')).toBe(before.ciphertext.toString('base64'));
    await expect(field(page, 'Plaintext')).toHaveValue('kept across the offline page');
    await expect(radio(page, 'Mode', 'CBC')).toBeChecked();
    expect(nodeDecryptCbc(after.key, after.iv, after.ciphertext)).toBe('kept across the offline page');

    // Leaving the tool on purpose still forgets the key
    await page.goto('/home');
    await page.goto('/aes/generate');
    await expect(field(page, 'Key (hex)')).toHaveCount(0);
  });

  test("192-bit keys (not in Chromium's Web Crypto) run in @noble/ciphers with the same result", async ({ page }) => {
    await signIn(page, 'admin', { at: '/aes/generate' });
    await choose(page, 'Key size', '192-bit');
    await button(page, 'Generate key and IV').click();
    await expect(page.getByText('AES-192-GCM · generated')).toBeVisible();
    await encryptAndCheck(page);
    await expect(page.getByText('Chromium has no AES-192').first()).toBeVisible();
    const { key, iv, ciphertext } = await readPage(page);
    expect(key.length).toBe(24);
    expect(nodeDecryptGcm(key, iv, ciphertext)).toBe(SAMPLE);

    // A new key size replaces the key at once
    await choose(page, 'Key size', '256-bit');
    await expect(page.getByText('AES-256-GCM · generated')).toBeVisible();
    expect((await value(page, 'Key (hex)')).length).toBe(64);
  });

  test('an existing key: clear field errors, then it decrypts a ciphertext made by Node; a changed one fails with a message', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin', { at: '/aes/generate' });
    await button(page, 'Use an existing key').click();
    const dialog = page.getByRole('dialog', { name: 'Use an existing key' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Use this key' }).click();
    await expect(dialog.getByText('Key is required')).toBeVisible();
    await expect(field(page, 'Key')).toBeFocused();

    await field(page, 'Key').fill('00112233');
    await field(page, 'IV for GCM (optional)').fill('000102030405060708090a0b0c0d0e0f');
    await dialog.getByRole('button', { name: 'Use this key' }).click();
    await expect(dialog.getByText('A key must be 16, 24 or 32 bytes (AES-128, 192 or 256); this one is 4 bytes.')).toBeVisible();
    await expect(dialog.getByText('A GCM IV must be 12 bytes (24 hex or 16 base64 characters); this one is 16 bytes.')).toBeVisible();
    await expectAccessible(page, 'aes import (errors)', testInfo);

    // A key and IV given as base64; the page shows them as hex too
    const key = Buffer.from('603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', 'hex');
    const iv = Buffer.from('cafebabefacedbaddecaf888', 'hex');
    await field(page, 'Key').fill(key.toString('base64'));
    await expect(dialog.getByText('Read as base64: 32 bytes')).toBeVisible();
    await field(page, 'IV for GCM (optional)').fill(iv.toString('base64'));
    await dialog.getByRole('button', { name: 'Use this key' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('AES-256-GCM · imported')).toBeVisible();
    await expect(field(page, 'Key (hex)')).toHaveValue(key.toString('hex'));
    await expect(field(page, 'IV (hex)')).toHaveValue(iv.toString('hex'));

    // A ciphertext made outside the browser opens with it
    const message = 'Made by Node.js, opened in the browser';
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(message, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    await field(page, 'Ciphertext (base64)').fill(sealed.toString('base64'));
    await button(page, 'Decrypt').click();
    await expect(field(page, 'Decrypted text')).toHaveValue(message);
    await expect(page.getByRole('status').filter({ hasText: 'differs from the plaintext' })).toBeVisible();

    // One changed byte: the tag check fails, shown as a message, nothing thrown
    const tampered = Buffer.from(sealed);
    tampered[0] ^= 1;
    await field(page, 'Ciphertext (base64)').fill(tampered.toString('base64'));
    await button(page, 'Decrypt').click();
    const failure = page.getByRole('alert').filter({ hasText: 'Decryption failed' });
    await expect(failure).toContainText('the authentication tag does not match');
    await expect(field(page, 'Decrypted text')).toHaveCount(0);
    await field(page, 'Ciphertext (base64)').fill('not base64!');
    await button(page, 'Decrypt').click();
    await expect(page.getByText('Not valid base64', { exact: false })).toBeVisible();
    await expectAccessible(page, 'aes (decryption failed)', testInfo);

    // Encrypting a different text with the same GCM key and IV is warned about
    await field(page, 'Plaintext').fill('first message');
    await button(page, 'Encrypt').click();
    await expect(field(page, 'Ciphertext (base64)')).not.toHaveValue('');
    await field(page, 'Plaintext').fill('second message');
    const warning = page.getByText('This GCM IV was already used with this key');
    await expect(warning).toBeVisible();
    await button(page, 'Make a new IV').click();
    await expect(warning).toHaveCount(0);
  });

  test('at phone width, in dark mode and by keyboard alone', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', { at: '/aes/generate' });
    await themeToggle(page).click();
    await expect(page.getByRole('heading', { name: 'AES keys' })).toBeVisible();

    // Keyboard only: pick CBC with the arrow keys, generate, encrypt, decrypt
    await tabTo(page, radio(page, 'Key size', '256-bit'));
    await page.keyboard.press('ArrowLeft');
    await expect(radio(page, 'Key size', '192-bit')).toBeChecked();
    await tabTo(page, radio(page, 'Mode', 'GCM'));
    await page.keyboard.press('ArrowRight');
    await expect(radio(page, 'Mode', 'CBC')).toBeChecked();
    await tabTo(page, button(page, 'Generate key and IV'));
    await page.keyboard.press('Enter');
    await expect(page.getByText('AES-192-CBC · generated')).toBeVisible();
    await tabTo(page, button(page, 'Encrypt'));
    await page.keyboard.press('Enter');
    await expect(field(page, 'Ciphertext (base64)')).not.toHaveValue('');
    await tabTo(page, button(page, 'Decrypt'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Round trip OK' })).toBeVisible();
    const { key, iv, ciphertext } = await readPage(page);
    expect(nodeDecryptCbc(key, iv, ciphertext)).toBe(SAMPLE);

    // Nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(field(page, 'Key (hex)')).toBeInViewport({ ratio: 0 });
    await expectAccessible(page, 'aes (phone, dark)', testInfo);
  });

  test('the help icon opens /docs/aes in a new tab', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: '/aes/generate' });
    const link = page.getByRole('link', { name: 'Help for the AES tool (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
    const opening = page.context().waitForEvent('page');
    await link.click();
    const help = await opening;
    await expect(help).toHaveURL(/\/docs\/aes$/);
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('AES keys');
    await expect(help.getByRole('heading', { name: 'Use an existing key' })).toBeVisible();
    await expectAccessible(help, 'docs: aes', testInfo);
    await help.close();
  });

  test('the aes.use key gates the tool; a role with it opens the AES card straight into the tool', async ({ page, baseURL }) => {
    const admin = await Api.admin(baseURL!);
    const tag = uniqueTag();
    const without = await roleWithUser(admin, `aesno${tag}`, AES_GRANTS([]));
    await signInAs(page, without.user.email);
    await page.goto('/aes/generate');
    await expect(page.getByText(UI_TEXT.accessDeniedTitle)).toBeVisible();
    await expect(page.getByText(PERMISSION_KEYS.aes.use)).toBeVisible();
    await expect(button(page, 'Generate key and IV')).toHaveCount(0);

    await page.context().clearCookies();
    const allowed = await roleWithUser(admin, `aesyes${tag}`, AES_GRANTS([PERMISSION_KEYS.aes.use]));
    await signInAs(page, allowed.user.email);
    await page
      .getByRole('article')
      .filter({ hasText: 'AES' })
      .getByRole('button', { name: new RegExp(`^${UI_TEXT.open}`) })
      .click();
    await expectPath(page, '/aes/generate');
    await button(page, 'Generate key and IV').click();
    await encryptAndCheck(page);
  });
});

/** Presses Tab until `target` has focus (keyboard-only use), failing after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}
