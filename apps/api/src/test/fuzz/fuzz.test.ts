// The short, seeded pass of the fuzz tier (npm run fuzz is the full one): every operation of the
// OpenAPI document gets FUZZ_TEST_RUNS generated requests (valid, boundary, hostile, as the super
// admin and anonymously); none may answer >= 500, every 4xx is in the error shape, and no body
// carries a stack trace, SQL or a server path. New routes are covered the day they appear.
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzOperation, type OperationReport, reportTable } from './runner.js';
import { createFuzzTarget } from './target.js';

const RUNS = Number(process.env.FUZZ_TEST_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_606);

const target = await createFuzzTarget();
const operations = target.operations();
const reports: OperationReport[] = [];

afterAll(async () => {
  console.log(`fuzz short pass (seed ${SEED}, ${RUNS} cases per operation)\n${reportTable(reports)}`);
  await target.close();
});

describe(`fuzz: ${RUNS} seeded cases per operation`, () => {
  it('finds every operation of the OpenAPI document, the five multipart ones with a form body', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const multipart = operations.filter((op) => op.body.multipart).map((op) => op.id);
    expect(multipart).toEqual(
      expect.arrayContaining([
        'POST /api/users/add',
        'PATCH /api/users/update/{id}',
        'POST /api/companies/add',
        'PATCH /api/companies/update/{id}',
        'PATCH /api/about/update/{id}',
      ]),
    );
  });

  it.each(operations.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const report = await fuzzOperation(target, op, { runs: RUNS, seed: SEED });
    reports.push(report);
    expect(report.failure, report.failure).toBeUndefined();
    expect(report.cases).toBe(RUNS);
  });
});
