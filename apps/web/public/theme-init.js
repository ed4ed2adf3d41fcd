// Runs before the first paint so a dark-mode user never sees a light flash. Kept as an
// external classic script because the CSP forbids inline scripts; the stylesheet in <head>
// already styles both schemes, so setting the attribute is enough.
(() => {
  var dark = false;
  try {
    dark = window.localStorage.getItem('darkMode') === 'true';
  } catch (_e) {
    /* storage blocked: light */
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();

// A signed-in screen's shared chunks (bundling/preload-signed-in.ts lists them in index.html)
// start downloading now, beside the entry, rather than once the entry has run. Only with a
// session and off the public screens: /login never downloads them.
(() => {
  try {
    const meta = document.querySelector('meta[name="signed-in-preload"]');
    if (!meta) return;
    const cookie = meta.getAttribute('data-cookie');
    if (!cookie || document.cookie.split(/;\s*/).every((c) => c.indexOf(`${cookie}=`) !== 0)) return;
    if (new RegExp(meta.getAttribute('data-public') || '^$').test(window.location.pathname)) return;
    (meta.getAttribute('content') || '').split(' ').forEach((href) => {
      if (!href) return;
      const link = document.createElement('link');
      const css = /\.css$/.test(href);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      // The same CORS mode as the module scripts and Vite's stylesheet links, so the preload is reused.
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  } catch (_e) {
    /* a preload is only a hint */
  }
})();
