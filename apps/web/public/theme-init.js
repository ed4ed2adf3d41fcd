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
