// Gzip size of the JavaScript the /login route loads: the entry chunk, the sign-in screen's
// lazy chunk, and every chunk they import statically. Run after `npm run build -w @console/web`.
// Prints JSON: { totalGzipBytes, files: [{ file, gzipBytes }] }.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// The sign-in screen sits in the `login` chunk group (bundling/chunk-groups.ts), which the
// manifest lists under the chunk's name rather than the screen's source path.
const roots = [
  'index.html',
  ...Object.keys(manifest).filter((key) => key === 'src/features/auth/login/login-page.tsx' || manifest[key].name === 'login'),
];

const seen = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
roots.forEach(visit);

const files = [...seen]
  .filter((f) => f.endsWith('.js'))
  .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzipBytes - a.gzipBytes);
const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
console.log(JSON.stringify({ totalGzipBytes, totalGzipKb: +(totalGzipBytes / 1024).toFixed(1), files }, null, 2));
