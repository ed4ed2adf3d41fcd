import { beforeEach, describe, expect, it } from 'vitest';
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
  it('shows the full name, or the e-mail without one', () => {
    expect(displayName({ email: 'a@b.co', firstname: 'Ada', lastname: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ email: 'a@b.co' })).toBe('a@b.co');
  });
});
