// public/boot-shell.js: the frame painted before the JavaScript arrives (a classic script, run
// here as the browser runs it: once, against the document index.html and the build produce).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = readFileSync(path.resolve(__dirname, '../../public/boot-shell.js'), 'utf8');
const COOKIE = 'userDetails';

function clearCookie() {
  document.cookie = `${COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

const HEADINGS = {
  '/{product}/users': { heading: 'All users', intro: 'Staff accounts & "roles" <b>here</b>.' },
  '/demo-admin/clients': { heading: 'All clients', intro: 'Customers.' },
};
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function page(
  path: string,
  {
    cookie,
    productName = 'Acme',
    entry,
    headings = true,
  }: { cookie?: unknown; productName?: string; entry?: string; headings?: boolean } = {},
) {
  document.head.innerHTML = `
    <meta name="app-config" content='${JSON.stringify({ productName, productSlug: 'acme' })}' />
    ${headings ? `<meta name="screen-headings" content="${attribute(JSON.stringify(HEADINGS))}" />` : ''}
    <meta name="signed-in-preload" content="/assets/app.js /assets/app.css" data-screens="/assets/table.js" data-cookie="${COOKIE}" data-public="^(?:/login|/token-expiry)(?:/|$)" />
    ${entry ? `<meta name="app-entry" content="${entry}" />` : ''}`;
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', path);
  clearCookie();
  if (cookie !== undefined)
    document.cookie = `${COOKIE}=${encodeURIComponent(typeof cookie === 'string' ? cookie : JSON.stringify(cookie))}; path=/`;
  new Function(SCRIPT)();
  return document.getElementById('root') as HTMLElement;
}

afterEach(clearCookie);

describe('boot shell', () => {
  it('paints the top bar and the greeting on /home for a signed-in user', () => {
    const root = page('/home', { cookie: { accessToken: 't', user: { firstname: 'Ada', roleId: 1 } } });
    expect(root.querySelector('.boot-shell-product')?.textContent).toBe('Acme');
    expect(root.querySelector('h1')?.textContent).toBe('Welcome back, Ada');
    expect(root.textContent).toContain('Choose a module to continue.');
  });

  it('paints only the top bar on a signed-in screen without a standard heading', () => {
    const root = page('/acme/permissions', { cookie: { user: { firstname: 'Ada' } } });
    expect(root.querySelector('.boot-shell-bar')).not.toBeNull();
    expect(root.querySelector('h1, h2')).toBeNull();
  });

  it("paints a screen's heading and its line, found by the configured product slug, as text", () => {
    const root = page('/acme/users', { cookie: { user: { firstname: 'Ada' } } });
    expect(root.querySelector('.boot-shell-bar')).not.toBeNull();
    expect(root.querySelector('h2.boot-shell-heading')?.textContent).toBe('All users');
    expect(root.querySelector('p.boot-shell-intro')?.textContent).toBe('Staff accounts & "roles" <b>here</b>.');
    expect(root.querySelector('b')).toBeNull();
    expect(page('/demo-admin/clients', { cookie: { user: {} } }).querySelector('h2')?.textContent).toBe('All clients');
    // Another slug's path is not this product's screen; a page without the meta paints the bar alone.
    expect(page('/platform/users', { cookie: { user: {} } }).querySelector('h2')).toBeNull();
    expect(page('/acme/users', { cookie: { user: {} }, headings: false }).querySelector('.boot-shell-bar')).not.toBeNull();
  });

  it('paints nothing on a public screen or without a session', () => {
    expect(page('/login', { cookie: { user: { firstname: 'Ada' } } }).childElementCount).toBe(0);
    expect(page('/home').childElementCount).toBe(0);
  });

  it('never turns the cookie into markup, and survives a cookie it cannot read', () => {
    const root = page('/home', { cookie: { user: { firstname: '<img src=x onerror="window.__pwned=1">' } } });
    expect(root.querySelector('h1')?.textContent).toBe('Welcome back, <img src=x onerror="window.__pwned=1">');
    expect(root.querySelectorAll('img')).toHaveLength(1); // the logo only
    expect(page('/home', { cookie: '{not json' }).querySelector('h1')?.textContent).toBe('Welcome back');
  });

  it('leaves #root alone when something is already there', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    new Function(SCRIPT)();
    expect(document.getElementById('root')?.innerHTML).toBe('<p>app</p>');
  });
});

describe('the scripts of signed-in.html (bundling/defer-signed-in-entry.ts)', () => {
  const ENTRY = '/assets/index-1.js /assets/react-1.js';
  const scripts = () =>
    [...document.head.querySelectorAll('script')].map(
      (s) => `${s.type} ${s.getAttribute('src')} crossorigin=${s.getAttribute('crossorigin')}`,
    );
  const preloads = () =>
    [...document.head.querySelectorAll('link')].map(
      (l) => `${l.rel} ${l.getAttribute('href')} ${l.getAttribute('as') ?? ''} crossorigin=${l.getAttribute('crossorigin')}`,
    );
  let frames: FrameRequestCallback[] = [];
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames = [];
  });
  const withFrames = () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  };

  it('start once the frame is painted, with the entry preloads and the signed-in groups', () => {
    withFrames();
    page('/home', { cookie: { user: { firstname: 'Ada' } }, entry: ENTRY });
    expect(document.querySelector('.boot-shell')).not.toBeNull();
    expect(scripts()).toEqual([]);
    for (const frame of frames) frame(0);
    expect(scripts()).toEqual([]); // in the task after the frame, not inside it
    vi.advanceTimersByTime(0);
    expect(scripts()).toEqual(['module /assets/index-1.js crossorigin=']);
    // The entry's own preloads with it; the signed-in groups after it, two a task (each <link>
    // costs main-thread time as it starts its fetch).
    expect(preloads()).toEqual(['modulepreload /assets/react-1.js  crossorigin=']);
    vi.advanceTimersToNextTimer();
    expect(preloads()).toEqual([
      'modulepreload /assets/react-1.js  crossorigin=',
      'modulepreload /assets/app.js  crossorigin=',
      'preload /assets/app.css style crossorigin=',
    ]);
    // Any other signed-in screen also preloads the table's and the forms' groups, in a task of their own.
    page('/platform/users', { cookie: { user: { firstname: 'Ada' } }, entry: ENTRY });
    for (const frame of frames) frame(0);
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(preloads().map((p) => p.split(' ')[1])).toEqual(['/assets/react-1.js', '/assets/app.js', '/assets/app.css']);
    vi.advanceTimersToNextTimer();
    expect(preloads().map((p) => p.split(' ')[1])).toEqual(['/assets/react-1.js', '/assets/app.js', '/assets/app.css', '/assets/table.js']);
    vi.advanceTimersByTime(5000);
    expect(scripts()).toHaveLength(1);
  });

  it('start within 2 s when no frame comes, and at once when the tab is hidden', () => {
    withFrames();
    page('/home', { cookie: { user: { firstname: 'Ada' } }, entry: ENTRY });
    vi.advanceTimersByTime(1999);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toHaveLength(1);

    page('/home', { cookie: { user: { firstname: 'Ada' } }, entry: ENTRY });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(scripts()).toHaveLength(1);
  });

  it('start at once where no frame is painted (a public screen, no session), without the signed-in groups', () => {
    page('/login', { cookie: { user: { firstname: 'Ada' } }, entry: ENTRY });
    expect(scripts()).toEqual(['module /assets/index-1.js crossorigin=']);
    expect(preloads()).toEqual(['modulepreload /assets/react-1.js  crossorigin=']);
    page('/home', { entry: ENTRY });
    expect(scripts()).toHaveLength(1);
  });

  it('are left to index.html itself when it has no app-entry', () => {
    page('/home', { cookie: { user: { firstname: 'Ada' } } });
    expect(scripts()).toEqual([]);
    expect(preloads()).toEqual([]);
  });
});
