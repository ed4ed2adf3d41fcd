// An export served the way a list route will serve it (test-only Fastify instance).
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDispositionHeader } from '../uploads/index.js';
import http from 'node:http';
import {
  CSV_FAILED_LINE,
  cutOffOnFailure,
  exportContentType,
  exportFileName,
  exportRows,
  keysetRows,
  startExport,
  type ExportFormat,
} from './index.js';

let app: FastifyInstance;
let baseUrl: string;
const state = { pulled: 0, closed: 0 };

beforeAll(async () => {
  // forceCloseConnections: undici leaves a spare idle socket open after the aborted download.
  app = Fastify({ forceCloseConnections: true });
  app.get<{ Querystring: { format: ExportFormat; total?: string } }>('/users/export', async (req, reply) => {
    const total = Number(req.query.total ?? 2500);
    // Stands in for `WHERE id > $after ORDER BY id LIMIT $limit` against the database.
    const fetchPage = async (after: number | null, limit: number) => {
      const start = (after ?? 0) + 1;
      const rows = [];
      for (let id = start; id < start + limit && id <= total; id++)
        rows.push({ id, email: `user${id}@example.com`, name: id === 1 ? '=2+3' : `User ${id}` });
      state.pulled += rows.length;
      return rows;
    };
    async function* rows() {
      try {
        yield* keysetRows(fetchPage, 1000);
      } finally {
        state.closed += 1;
      }
    }
    const { format } = req.query;
    reply
      .header('content-type', exportContentType(format))
      .header('content-disposition', contentDispositionHeader(exportFileName('Users', format), 'attachment'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store');
    return reply.send(
      exportRows({
        format,
        title: 'Users',
        rows: rows(),
        columns: [
          { key: 'id', header: 'ID' },
          { key: 'email', header: 'E-mail' },
          { key: 'name', header: 'Name' },
        ],
      }),
    );
  });
  // Rows that fail after `failAfter` rows (0: the first fetch fails), started the way sendExport does.
  app.get<{ Querystring: { format: ExportFormat; failAfter: string } }>('/failing/export', async (req, reply) => {
    const failAfter = Number(req.query.failAfter);
    async function* rows() {
      for (let id = 1; ; id++) {
        if (id > failAfter) throw new Error('relation "users" does not exist');
        yield { id, name: `User ${id}` };
      }
    }
    const file = await startExport({
      format: req.query.format,
      title: 'Users',
      rows: rows(),
      columns: [
        { key: 'id', header: 'ID' },
        { key: 'name', header: 'Name' },
      ],
    });
    reply.header('content-type', exportContentType(req.query.format)).header('content-disposition', 'attachment');
    return reply.send(cutOffOnFailure(reply.raw, file));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => app?.close());

describe('export served through Fastify', () => {
  it('streams every row of the query as a CSV attachment', async () => {
    const res = await app.inject({ method: 'GET', url: '/users/export?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}-\d{6}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2501);
    // A guarded cell is quoted too (cells.ts), so a reader that honours quotes keeps it whole.
    expect(lines[1]).toBe(`1,user1@example.com,"'=2+3"`);
    expect(lines[2500]).toBe('2500,user2500@example.com,User 2500');
  });

  it.each(['excel', 'pdf'] as const)('serves %s with its content type', async (format) => {
    const res = await app.inject({ method: 'GET', url: `/users/export?format=${format}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(exportContentType(format));
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe(format === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
  });

  it('stops querying when the client disconnects mid-download', async () => {
    state.pulled = 0;
    const closedBefore = state.closed;
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/users/export?format=csv&total=1000000`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 500));
    expect(state.closed).toBe(closedBefore + 1);
    expect(state.pulled).toBeLessThan(1_000_000);
  });

  it.each(['csv', 'excel', 'pdf'] as const)('a %s whose first fetch fails answers an error before any byte of the file', async (format) => {
    const res = await app.inject({ method: 'GET', url: `/failing/export?format=${format}&failAfter=0` });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it.each(['csv', 'excel', 'pdf'] as const)('a %s that fails part way is cut off, never served as complete', async (format) => {
    const got = await download(`${baseUrl}/failing/export?format=${format}&failAfter=3000`);
    expect(got.status).toBe(200);
    expect(got.complete).toBe(false);
    if (format === 'csv') {
      const lines = got.body.toString('utf8').trimEnd().split('\r\n');
      expect(lines.at(-1)).toBe(CSV_FAILED_LINE);
      expect(lines.at(-2)).toBe('3000,User 3000');
    }
  });
});

/** A GET over a real socket that reports whether the response ended properly or was cut off. */
function download(url: string) {
  return new Promise<{ status: number; body: Buffer; complete: boolean }>((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        const done = (complete: boolean) => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), complete });
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(res.complete));
        res.on('aborted', () => done(false));
        res.on('error', () => done(false));
      })
      .on('error', reject);
  });
}
