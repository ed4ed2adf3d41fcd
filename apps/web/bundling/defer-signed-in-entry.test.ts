import { describe, expect, it } from 'vitest';
import { deferEntry } from './defer-signed-in-entry';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="signed-in-preload" content="/assets/app-1.js" data-cookie="userDetails" data-public="^/login" />
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="modulepreload" crossorigin href="/assets/login-1.js">
  </head>
  <body>
    <div id="root"></div>
    <script src="/boot-shell.js"></script>
  </body>
</html>`;

describe('signed-in.html', () => {
  it('lists the entry and its preloads in a meta in the head, and loads none of them itself', () => {
    const html = deferEntry(INDEX);
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    const meta = html.indexOf('<meta name="app-entry" content="/assets/index-1.js /assets/react-1.js /assets/login-1.js" />');
    expect(meta).toBeGreaterThan(0);
    expect(meta).toBeLessThan(html.indexOf('<script src="/theme-init.js">'));
    expect(html).toContain('<script src="/boot-shell.js"></script>');
  });

  it("lists the screens' headings for the boot shell, escaped for the attribute", () => {
    const html = deferEntry(INDEX, { '/{product}/users': { heading: 'All users', intro: 'Staff "accounts" & <roles>' } });
    const meta = /<meta name="screen-headings" content="([^"]*)" \/>/.exec(html);
    expect(meta).not.toBeNull();
    const decoded = (meta?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({ '/{product}/users': { heading: 'All users', intro: 'Staff "accounts" & <roles>' } });
    expect(html.indexOf('name="screen-headings"')).toBeLessThan(html.indexOf('<script src="/theme-init.js">'));
  });

  it('fails the build when index.html has no entry script or no boot shell to start it', () => {
    expect(() => deferEntry(INDEX.replace(/<script type="module"[^\n]*\n/, ''))).toThrow(/no module entry script/);
    expect(() => deferEntry(INDEX.replace('<script src="/boot-shell.js"></script>', ''))).toThrow(/boot-shell/);
  });
});
