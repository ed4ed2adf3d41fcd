import { type BulkUploadFile, bulkUploadPaths } from '@console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { crashServer, sleep } from '../../test/crash-server.js';
import { csv } from './bulk-uploads.testing.js';

// Issue 16 item 2: an upload's rows and their jobs are written in one transaction. The server
// (PGlite) kills itself with SIGKILL right after the rows are inserted (before their jobs are
// sent and before the commit), then, on a second start, right after the commit; after a third
// start every upload row that exists must finish. Before the fix the rows were committed first and
// the jobs sent after: a kill in between left a row pending for ever.

const server = crashServer('bulk-send-crash-');
const { start, login, api } = server;
const paths = bulkUploadPaths('manage-actions');
const sheet = csv([
  ['name', 'actionType', 'value', 'toneCode', 'status'],
  ['Crash action', 'open-url', 'https://example.com/a', '', 'active'],
]);

/** Posts one sheet; with a crash point set the server dies instead of answering. */
async function upload(clientId: number, fileName: string) {
  const form = new FormData();
  form.set('clientId', String(clientId));
  form.append('files', new Blob([new Uint8Array(sheet)]), fileName);
  return api<{ data: BulkUploadFile[] }>('POST', paths.upload, form);
}

async function uploadRows(clientId: number): Promise<BulkUploadFile[]> {
  const rows: BulkUploadFile[] = [];
  for (const url of [paths.pendingFailed, paths.completed]) {
    rows.push(...(await api<{ data: BulkUploadFile[] }>('GET', `${url}?limit=100&clientId=${clientId}`)).data);
  }
  return rows.sort((a, b) => a.id - b.id);
}

afterAll(() => server.remove());

describe('an upload killed between its rows and its jobs', () => {
  it('leaves nothing when killed before the commit, and a row that completes after a restart when killed after it', async () => {
    await start('rows-inserted');
    await login();
    const company = await api<{ data: { id: number } }>('POST', '/companies/add', { name: 'Send Crash Co' });
    const client = await api<{ data: { id: number } }>('POST', '/client/add', {
      name: 'Send crash client',
      companyId: company.data.id,
      type: 'demo',
    });
    const clientId = client.data.id;

    // Killed inside the transaction, after the insert, before the job: the request gets no answer.
    await expect(upload(clientId, 'before-commit.csv')).rejects.toThrow();
    await server.exited();

    // Killed right after the commit, before answering.
    await start('committed');
    await login();
    await expect(upload(clientId, 'after-commit.csv')).rejects.toThrow();
    await server.exited();

    await start();
    await login();
    let rows: BulkUploadFile[] = [];
    for (const end = Date.now() + 120_000; Date.now() < end; await sleep(200)) {
      rows = await uploadRows(clientId);
      if (rows.every((r) => r.status !== 'pending' && r.status !== 'processing')) break;
    }
    // The first upload left nothing behind; the second has its row and its job, which ran.
    expect(rows.map((r) => [r.fileName, r.status, r.total, r.done])).toEqual([['after-commit.csv', 'completed', 1, 1]]);
  }, 600_000);
});
