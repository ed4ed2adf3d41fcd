// Paints a signed-in screen's frame before the JavaScript arrives: the top bar with the product
// name and, on /home, the greeting the launcher shows; on a screen with a standard heading (a
// list, a dashboard), that heading and the line under it, from the <meta name="screen-headings">
// the build writes into signed-in.html (src/lib/screen-headings.ts). On a phone on a slow network the
// application's JavaScript (about 340 kB) takes seconds to arrive, and until now nothing at all
// was painted meanwhile (Lighthouse mobile: first paint 2.6-3.1 s). React replaces this frame
// with the real screen on its first render (createRoot empties #root).
// A classic script (the CSP forbids inline ones) placed right after #root, so it runs before the
// first paint. It builds nodes with textContent only: the cookie's name never becomes markup.
// The <meta name="signed-in-preload"> the build writes (bundling/preload-signed-in.ts) gives the
// session cookie's name and the public paths.
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
    let productSlug = 'platform';
    try {
      const config = JSON.parse(document.querySelector('meta[name="app-config"]').getAttribute('content'));
      if (config && typeof config.productName === 'string' && config.productName.trim()) product = config.productName;
      if (config && typeof config.productSlug === 'string' && config.productSlug) productSlug = config.productSlug;
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
    const path = window.location.pathname;
    if (path === '/home') {
      const hero = el('div', 'boot-shell-hero');
      hero.appendChild(el('h1', 'boot-shell-title', firstname ? `Welcome back, ${firstname}` : 'Welcome back'));
      hero.appendChild(el('p', 'boot-shell-dimmed', 'Choose a module to continue.'));
      shell.appendChild(hero);
    } else {
      // The screen's heading, found as src/lib/screen-headings.ts finds it ('{product}': the slug).
      let heading = null;
      try {
        const headings = JSON.parse(document.querySelector('meta[name="screen-headings"]').getAttribute('content'));
        const prefix = `/${productSlug}/`;
        const found = headings[path.indexOf(prefix) === 0 ? `/{product}/${path.slice(prefix.length)}` : path];
        if (found && typeof found.heading === 'string' && typeof found.intro === 'string') heading = found;
      } catch (_e) {
        /* no headings (index.html, an older build): the top bar alone */
      }
      if (heading) {
        shell.classList.add('boot-shell-screen');
        const main = el('div', 'boot-shell-main');
        main.appendChild(el('h2', 'boot-shell-heading', heading.heading));
        main.appendChild(el('p', 'boot-shell-intro', heading.intro));
        shell.appendChild(main);
      }
    }
    root.appendChild(shell);
  } catch (_e) {
    /* the frame is only a head start: React paints the screen either way */
  }
})();

// signed-in.html (bundling/defer-signed-in-entry.ts) lists the entry script and its preloads in a
// <meta name="app-entry"> rather than loading them at once: they are added here once the frame
// above has been painted, so on a slow network the frame's stylesheet does not share the line with
// ~340 kB of JavaScript. With no frame (a public screen, no session) or a hidden tab (which paints
// no frames), they are added at once, as they are when the tab is hidden while waiting; a frame
// that does not come within 2 s (a stylesheet that does not arrive) does not hold them longer.
(() => {
  const meta = document.querySelector('meta[name="app-entry"]');
  if (!meta) return;
  const [entry, ...preloads] = (meta.getAttribute('content') || '').split(' ');
  // The frame painted above: a session on a signed-in screen. It stands until React mounts.
  const framed = document.querySelector('.boot-shell') !== null;
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    // With the frame painted (a session, a signed-in screen): the signed-in groups, and on any
    // screen but the launcher, the table's and the forms' (bundling/preload-signed-in.ts).
    const signedIn = framed && document.querySelector('meta[name="signed-in-preload"]');
    const shared = signedIn
      ? `${signedIn.getAttribute('content') || ''} ${window.location.pathname === '/home' ? '' : signedIn.getAttribute('data-screens') || ''}`
      : '';
    const preload = (href) => {
      if (!href) return;
      const link = document.createElement('link');
      const css = /\.css$/.test(href);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.setAttribute('as', 'style');
      // The CORS mode of the module scripts and Vite's stylesheet links, so the preloads are reused.
      link.setAttribute('crossorigin', '');
      link.href = href;
      document.head.appendChild(link);
    };
    preloads.forEach(preload);
    const script = document.createElement('script');
    script.type = 'module';
    script.setAttribute('crossorigin', '');
    script.src = entry;
    document.head.appendChild(script);
    // The signed-in groups after the entry, two <link>s a task: each inserted <link> starts its
    // fetch on the main thread (0.4-2.4 ms apiece at full speed), and the nine of a list screen
    // in one task made a task of 8-13 ms, a long task at phone speed (issue 17). Two a task keeps
    // each task short and the chain within the five nested timers browsers run without their
    // 4 ms clamp, so the last starts soon after the first. The entry's own imports are listed
    // above, so the entry's fetch is not delayed; these follow, in order.
    const rest = shared.split(' ').filter(Boolean);
    const next = () => {
      rest.splice(0, 2).forEach(preload);
      if (rest.length) setTimeout(next, 0);
    };
    if (rest.length) setTimeout(next, 0);
  };
  if (framed && document.visibilityState === 'visible') {
    // A task queued from an animation frame runs after that frame is painted.
    requestAnimationFrame(() => setTimeout(start, 0));
    document.addEventListener('visibilitychange', start, { once: true });
    setTimeout(start, 2000);
  } else start();
})();
