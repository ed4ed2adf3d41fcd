import { describe, expect, it } from 'vitest';
import { guardRedirect } from './route-guards';

describe('guardRedirect', () => {
  it('sends a signed-in user from / and /login to /home', () => {
    expect(guardRedirect('public-only', '/', true)).toBe('/home');
    expect(guardRedirect('public-only', '/login', true)).toBe('/home');
  });
  it('shows the sign-in page without a session', () => {
    expect(guardRedirect('public-only', '/login', false)).toBeNull();
  });
  it('leaves the other public routes open to everyone', () => {
    for (const signedIn of [true, false]) expect(guardRedirect('public', '/token-expiry', signedIn)).toBeNull();
  });
  it('sends a visitor without a session from /home to /login', () => {
    expect(guardRedirect('private', '/home', false)).toBe('/login');
  });
  it('sends a visitor without a session from other signed-in routes to /', () => {
    expect(guardRedirect('private', '/demo-admin/clients', false)).toBe('/');
  });
  it('lets a signed-in user in', () => {
    expect(guardRedirect('private', '/profile/about', true)).toBeNull();
  });
  it('leads unknown paths to the signed-in area', () => {
    expect(guardRedirect('unknown', '/nope', true)).toBe('/home');
    expect(guardRedirect('unknown', '/nope', false)).toBe('/login');
  });
});
