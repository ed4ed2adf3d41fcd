// public/boot-shell.js: the frame painted before the JavaScript arrives (a classic script, run
// here as the browser runs it: once, against the document index.html and the build produce).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = readFileSync(path.resolve(__dirname, '../../public/boot-shell.js'), 'utf8');
const COOKIE = 'userDetails';

function clearCookie() {
  document.cookie = `${COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

function page(path: string, { cookie, productName = 'Acme' }: { cookie?: unknown; productName?: string } = {}) {
  document.head.innerHTML = `
    <meta name="app-config" content='${JSON.stringify({ productName })}' />
    <meta name="signed-in-preload" content="/assets/app.js" data-cookie="${COOKIE}" data-public="^(?:/login|/token-expiry)(?:/|$)" />`;
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

  it('paints only the top bar on the other signed-in screens', () => {
    const root = page('/platform/users', { cookie: { user: { firstname: 'Ada' } } });
    expect(root.querySelector('.boot-shell-bar')).not.toBeNull();
    expect(root.querySelector('h1')).toBeNull();
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
