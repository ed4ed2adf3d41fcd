import type { Benchmark } from '../lib/types';
import { authTimingBenchmark } from './auth-timing';
import { bulkImportBenchmark } from './bulk-import';
import { bulkPreviewBenchmark } from './bulk-preview';
import { bulkZipMemoryBenchmark } from './bulk-zip-memory';
import { ingestBenchmark } from './ingest';
import { lighthouseBenchmark } from './lighthouse';
import { listScaleBenchmark } from './list-scale';
import { loadBenchmark } from './load';
import { loginBundleBenchmark } from './login-bundle';
import { loginBenchmark } from './login';
import { routeLoadsBenchmark } from './route-loads';
import { uploadCostBenchmark } from './upload-cost';
import { usersListBenchmark } from './users-list';

/** Every benchmark, in run order. Add new ones here (list and export benchmarks come next). */
export const BENCHMARKS: Benchmark[] = [
  loginBenchmark,
  loginBundleBenchmark,
  routeLoadsBenchmark,
  usersListBenchmark,
  listScaleBenchmark,
  authTimingBenchmark,
  uploadCostBenchmark,
  bulkImportBenchmark,
  bulkPreviewBenchmark,
  bulkZipMemoryBenchmark,
  ingestBenchmark,
  lighthouseBenchmark,
  loadBenchmark,
];
