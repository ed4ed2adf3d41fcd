import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logActivity, resetActivityLog } from './activity-logger';

// fetch is the edge: count the POSTs the logger makes.
function countPosts() {
  const bodies: Array<{ request: { path: string; search: string } }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return bodies;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => resetActivityLog());
afterEach(() => vi.unstubAllGlobals());

describe('activity logger', () => {
  it('logs one page view per path: typing a search (query-string changes) writes nothing more', async () => {
    const posts = countPosts();
    logActivity({ path: '/platform/users', search: '' });
    for (const search of ['?search=a', '?search=ad', '?search=adm', '?search=adm&page=2']) logActivity({ path: '/platform/users', search });
    await settle();
    expect(posts.map((p) => p.request.path)).toEqual(['/platform/users']);
  });

  it('logs a path change, and a return to an earlier path, with the query string it arrived with', async () => {
    const posts = countPosts();
    logActivity({ path: '/platform/users', search: '?search=ann' });
    logActivity({ path: '/platform/roles', search: '' });
    logActivity({ path: '/platform/users', search: '?page=2' });
    await settle();
    expect(posts.map((p) => p.request)).toEqual([
      { path: '/platform/users', search: '?search=ann' },
      { path: '/platform/roles', search: '' },
      { path: '/platform/users', search: '?page=2' },
    ]);
  });

  it('still logs other events on the same path', async () => {
    const posts = countPosts();
    logActivity({ path: '/platform/users' });
    logActivity({ path: '/platform/users', eventName: 'export' });
    await settle();
    expect(posts).toHaveLength(2);
  });
});
