import { describe, expect, it } from 'vitest';
import { databaseOutage } from './pg-errors.js';

// Which failures are the database's state (503) rather than the statement's (issue 17). The
// shapes are those pg, pg-pool, Node's dual-stack connect, drizzle and pg-boss produce.

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const drizzle = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('databaseOutage', () => {
  it.each([
    ['connection refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', pgError('ECONNRESET')],
    ['refused on both addresses of localhost', new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], '')],
    ['terminated, wrapped by drizzle', drizzle(new Error('Connection terminated unexpectedly'))],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a lost client', new Error('Client has encountered a connection error and is not queryable')],
    ['a statement without an answer', new Error('Query read timeout')],
    ['admin shutdown', drizzle(pgError('57P01', 'terminating connection due to administrator command'))],
    ['crash shutdown', pgError('57P02')],
    ['the server starting up', pgError('57P03', 'the database system is starting up')],
    ['class 08', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['pg-boss rethrowing with a cause', Object.assign(new Error('queue error (Queue: bulk-upload)'), { cause: pgError('ECONNREFUSED') })],
  ])('%s: unavailable', (_, error) => {
    expect(databaseOutage(error)).toBe('unavailable');
  });

  it.each([
    ['SQLSTATE 53100', drizzle(pgError('53100', 'could not extend file "base/5/16702": No space left on device'))],
    ['ENOSPC', pgError('ENOSPC')],
  ])('%s: disk-full', (_, error) => {
    expect(databaseOutage(error)).toBe('disk-full');
  });

  it.each([
    ['a unique violation', drizzle(pgError('23505'))],
    ['a syntax error', pgError('42601')],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['nothing', undefined],
  ])('%s: not an outage', (_, error) => {
    expect(databaseOutage(error)).toBeUndefined();
  });

  it('stops on a cause that points back at itself', () => {
    const e = new Error('loop') as Error & { cause?: unknown };
    e.cause = e;
    expect(databaseOutage(e)).toBeUndefined();
  });
});
