#!/usr/bin/env node
// Import-boundary check (rules and reasons in .dependency-cruiser.cjs).
// 1. Self-test: the fixture tree scripts/boundaries-fixture breaks every rule exactly once (and also holds imports
//    the rules allow); if a rule stops firing, or fires on an allowed import, this fails, so the check cannot
//    pass silently because of a broken regex or resolver.
// 2. The real tree: apps, packages and e2e, with the number of import cycles per area (rule no-circular).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const FIXTURE = 'scripts/boundaries-fixture';
const bin = path.join(ROOT, 'node_modules', '.bin', 'depcruise');

function cruise(targets, extra = []) {
  const r = spawnSync(bin, ['--config', CONFIG, '--output-type', 'json', ...extra, ...targets], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (!r.stdout) throw new Error(`dependency-cruiser did not run: ${r.stderr}`);
  return JSON.parse(r.stdout).summary.violations;
}

const ruleNames = createRequire(import.meta.url)(CONFIG).forbidden.map((r) => r.name);
const expected = new Map();
// Every `// <rule-name>` comment on an import line of the fixture is one expected violation.
for (const file of spawnSync('git', ['ls-files', '--others', '--cached', '--exclude-standard', FIXTURE], { cwd: ROOT, encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean)) {
  for (const line of readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    const rule = line.match(/^import .*\/\/ ([a-z-]+)/)?.[1];
    if (rule && ruleNames.includes(rule)) expected.set(rule, (expected.get(rule) ?? 0) + 1);
  }
}
const problems = [];
for (const name of ruleNames) if (!expected.has(name)) problems.push(`the fixture has no violation of rule ${name}: add one`);
const found = new Map();
for (const v of cruise([FIXTURE], ['--no-cache'])) found.set(v.rule.name, (found.get(v.rule.name) ?? 0) + 1);
for (const name of ruleNames) {
  if ((found.get(name) ?? 0) !== (expected.get(name) ?? 0)) {
    problems.push(`rule ${name}: ${found.get(name) ?? 0} violation(s) in the fixture, expected ${expected.get(name) ?? 0}`);
  }
}
if (problems.length) {
  console.error(`Boundary check self-test FAILED (${FIXTURE}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`boundary self-test: all ${ruleNames.length} rules fire on ${FIXTURE}, allowed imports pass`);

const violations = cruise(['apps', 'packages', 'e2e']);
// Cycles per area (dependency-cruiser reports each cycle once, on one of its edges), printed pass or fail.
const AREAS = { api: 'apps/api/', web: 'apps/web/', contract: 'packages/contract/', e2e: 'e2e/' };
const cycles = new Map(Object.keys(AREAS).map((area) => [area, 0]));
for (const v of violations.filter((v) => v.rule.name === 'no-circular')) {
  const area = Object.keys(AREAS).find((a) => v.from.startsWith(AREAS[a])) ?? 'other';
  cycles.set(area, (cycles.get(area) ?? 0) + 1);
}
console.log(`cycles: ${[...cycles].map(([area, n]) => `${area} ${n}`).join(', ')}`);
if (violations.length) {
  console.error(`${violations.length} import-boundary violation(s) (rules and reasons: .dependency-cruiser.cjs):`);
  for (const v of violations) {
    // A cycle's path starts at `to` and ends back at `from`.
    const to = v.cycle ? v.cycle.map((c) => c.name).join(' -> ') : v.to;
    console.error(`  ${v.rule.name}: ${v.from} -> ${to}`);
  }
  process.exit(1);
}
console.log('import boundaries: no violations in apps, packages, e2e');
