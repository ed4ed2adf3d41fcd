// Runs drizzle-kit (`npm run db:generate -w @console/api`). drizzle-kit is installed at the
// workspace root but drizzle-orm only under apps/api/node_modules, and drizzle-kit imports
// drizzle-orm from its own location. A symlink under apps/api/node_modules plus
// --preserve-symlinks makes it resolve this workspace's drizzle-orm.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../../', import.meta.url));
const link = path.join(apiRoot, 'node_modules', 'drizzle-kit');
if (!existsSync(link) && !isLink(link)) {
  // The workspace root's node_modules (drizzle-kit's exports do not include package.json).
  const target = path.join(apiRoot, '..', '..', 'node_modules', 'drizzle-kit');
  // A fresh install hoists everything: apps/api/node_modules may not exist yet.
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}
const result = spawnSync(
  process.execPath,
  ['--preserve-symlinks', '--preserve-symlinks-main', path.join(link, 'bin.cjs'), ...process.argv.slice(2)],
  { cwd: apiRoot, stdio: 'inherit' },
);
process.exit(result.status ?? 1);

function isLink(p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
