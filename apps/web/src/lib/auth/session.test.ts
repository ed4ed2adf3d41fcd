import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllCookies, readCookie } from './cookies';
import { clearSession, displayName, getSession, saveSession } from './session';

beforeEach(() => clearAllCookies());

describe('session cookie', () => {
  it('round-trips { accessToken, user } through the userDetails cookie', () => {
    const details = { accessToken: 'abc', user: { id: 1, roleId: 1, email: 'a@b.co', firstname: 'Ada', lastname: 'L' } };
    saveSession(details, { persistent: false });
    expect(JSON.parse(readCookie('userDetails') ?? '')).toEqual(details);
    expect(getSession()).toEqual(details);
    clearSession();
    expect(getSession()).toBeNull();
  });
  it('ignores a malformed cookie', () => {
    document.cookie = 'userDetails=%7Bnot-json; path=/';
    expect(getSession()).toBeNull();
    document.cookie = `userDetails=${encodeURIComponent('{"user":{}}')}; path=/`;
    expect(getSession()).toBeNull();
  });
  it('reads the cookie once per turn of running code, and sees a change made elsewhere on the next turn', async () => {
    const details = { accessToken: 'abc', user: { id: 1, email: 'a@b.co' } };
    saveSession(details, { persistent: false });
    const reads = vi.spyOn(document, 'cookie', 'get');
    for (let i = 0; i < 50; i++) expect(getSession()).toEqual(details);
    expect(reads).toHaveBeenCalledTimes(1);
    // Another tab signs out: this turn keeps its read; the next turn sees it.
    reads.mockRestore();
    document.cookie = 'userDetails=; path=/; max-age=0';
    expect(getSession()).toEqual(details);
    await Promise.resolve();
    expect(getSession()).toBeNull();
    // This tab's own change is seen at once, in the same turn.
    saveSession({ ...details, accessToken: 'def' }, { persistent: false });
    expect(getSession()?.accessToken).toBe('def');
  });
  it('shows the full name, or the e-mail without one', () => {
    expect(displayName({ email: 'a@b.co', firstname: 'Ada', lastname: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ email: 'a@b.co' })).toBe('a@b.co');
  });
});
