import { describe, expect, it } from 'vitest';
import { connectivityStep } from './connectivity';

describe('connectivityStep', () => {
  it('remembers the path and shows the offline page when the connection drops', () => {
    expect(connectivityStep('offline', '/demo-admin/clients?page=2', null)).toEqual({
      navigate: '/internet-connection',
      remember: '/demo-admin/clients?page=2',
    });
  });
  it('does nothing when already on the offline page', () => {
    expect(connectivityStep('offline', '/internet-connection', '/home')).toBeNull();
  });
  it('returns to the remembered path when back online', () => {
    expect(connectivityStep('online', '/internet-connection', '/profile/about')).toEqual({ navigate: '/profile/about', forget: true });
  });
  it('falls back to /home without a remembered path', () => {
    expect(connectivityStep('online', '/internet-connection', null)).toEqual({ navigate: '/home', forget: true });
  });
  it('ignores coming online elsewhere', () => {
    expect(connectivityStep('online', '/home', '/x')).toBeNull();
  });
});
