// Paints a signed-in screen's frame before the JavaScript arrives: the top bar with the product
// name and, on /home, the greeting the launcher shows. On a phone on a slow network the
// application's JavaScript (about 340 kB) takes seconds to arrive, and until now nothing at all
// was painted meanwhile (Lighthouse mobile: first paint 2.6-3.1 s). React replaces this frame
// with the real screen on its first render (createRoot empties #root).
// A classic script (the CSP forbids inline ones) placed right after #root, so it runs before the
// first paint. It builds nodes with textContent only: the cookie's name never becomes markup.
// It reads what public/theme-init.js reads: the <meta name="signed-in-preload"> the build writes
// (bundling/preload-signed-in.ts) gives the session cookie's name and the public paths.
(() => {
  try {
    const root = document.getElementById('root');
    const meta = document.querySelector('meta[name="signed-in-preload"]');
    if (!root || !meta || root.firstChild) return;
    if (new RegExp(meta.getAttribute('data-public') || '^$').test(window.location.pathname)) return;
    const name = meta.getAttribute('data-cookie') || '';
    let raw = '';
    document.cookie.split(/;\s*/).forEach((c) => {
      if (name && c.indexOf(`${name}=`) === 0) raw = c.slice(name.length + 1);
    });
    if (!raw) return;
    let firstname = '';
    try {
      const details = JSON.parse(decodeURIComponent(raw));
      firstname = (typeof details?.user?.firstname === 'string' && details.user.firstname) || '';
    } catch (_e) {
      /* an unreadable cookie: no name */
    }
    let product = 'Platform';
    try {
      const config = JSON.parse(document.querySelector('meta[name="app-config"]').getAttribute('content'));
      if (config && typeof config.productName === 'string' && config.productName.trim()) product = config.productName;
    } catch (_e) {
      /* the dev server's placeholder: the default name */
    }
    const el = (tag, className, text) => {
      const node = document.createElement(tag);
      if (className) node.className = className;
      if (text) node.textContent = text;
      return node;
    };
    const shell = el('div', 'boot-shell');
    const bar = el('div', 'boot-shell-bar');
    const logo = el('img', 'boot-shell-logo');
    logo.src = '/images/logo.svg';
    logo.alt = '';
    logo.width = 34;
    logo.height = 34;
    const brand = el('div', 'boot-shell-brand');
    brand.appendChild(el('div', 'boot-shell-product', product));
    brand.appendChild(el('div', 'boot-shell-dimmed', 'Staff Console'));
    bar.appendChild(logo);
    bar.appendChild(brand);
    shell.appendChild(bar);
    if (window.location.pathname === '/home') {
      const hero = el('div', 'boot-shell-hero');
      hero.appendChild(el('h1', 'boot-shell-title', firstname ? `Welcome back, ${firstname}` : 'Welcome back'));
      hero.appendChild(el('p', 'boot-shell-dimmed', 'Choose a module to continue.'));
      shell.appendChild(hero);
    }
    root.appendChild(shell);
  } catch (_e) {
    /* the frame is only a head start: React paints the screen either way */
  }
})();
