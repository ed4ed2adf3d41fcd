// `npm run fuzz`: the full fuzz run over every operation of the OpenAPI document.
//   FUZZ_RUNS   cases per operation (default 1000)
//   FUZZ_SEED   base seed (default: random, printed so a run can be repeated)
//   FUZZ_ONLY   regular expression on operation ids ("POST /api/users/add"), e.g. 'users'
//   FUZZ_PATH   fast-check replay path of a reported failure (use with FUZZ_SEED and FUZZ_ONLY)
//   FUZZ_VERBOSE=1  print every case with its status and the start of the answer
//   DATABASE_URL  fuzz a fresh database on that PostgreSQL server instead of PGlite
import { describeCase } from './cases.js';
import { fuzzOperation, type OperationReport, reportTable } from './runner.js';
import { createFuzzTarget } from './target.js';

const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('FUZZ_RUNS must be a positive integer and FUZZ_SEED an integer');
  process.exit(2);
}

const started = Date.now();
console.log(
  `fuzz: ${runs} cases per operation, seed ${seed}${only ? `, only ${only}` : ''}, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
const target = await createFuzzTarget();
const operations = target.operations().filter((op) => !only || only.test(op.id));
const reports: OperationReport[] = [];
try {
  for (const op of operations) {
    const report = await fuzzOperation(target, op, {
      runs,
      seed,
      path: process.env.FUZZ_PATH,
      onCase: process.env.FUZZ_VERBOSE
        ? (c, a) => console.log(`  ${a.statusCode} ${describeCase(c).slice(0, 240)}\n      -> ${a.body.slice(0, 160)}`)
        : undefined,
    });
    reports.push(report);
    console.log(`${report.failure ? 'FAIL' : 'ok  '} ${op.id}: ${report.cases} cases in ${(report.ms / 1000).toFixed(1)} s`);
    if (report.failure) console.log(report.failure);
  }
} finally {
  await target.close();
}

const failed = reports.filter((r) => r.failure);
const total = reports.reduce((n, r) => n + r.cases, 0);
console.log(`\n${reportTable(reports)}\n`);
console.log(
  `${operations.length} operations, ${total} cases, ${failed.length} failed, ${target.relogins()} admin re-logins, ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${seed})`,
);
for (const r of failed) console.log(`\n${r.failure}`);
console.log(`${reports.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
