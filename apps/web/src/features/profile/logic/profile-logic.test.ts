import type { About } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { aboutFormData, aboutToFormValues, sessionUserAfterUpdate } from './about-form';
import { readPickedUserId, USER_PARAM, withPickedUserId } from './picked-user';
import { describeUserAgent } from './user-agent';

const about: About = {
  id: 7,
  roleId: 2,
  roleName: 'Content Manager',
  companyName: null,
  firstname: 'Jane',
  lastname: 'Doe',
  email: 'jane@example.com',
  phone: null,
  profile: 'profile/abc.png',
  primaryColor: '#143f6f',
  secondaryColor: '#0d97fd',
  twoFactorEnabled: false,
  lastLoginAt: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};

const entries = (fd: FormData) => Object.fromEntries([...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]));

describe('about form mapping', () => {
  it('fills the form from the stored profile (empty phone as an empty text)', () => {
    expect(aboutToFormValues(about)).toEqual({
      firstname: 'Jane',
      lastname: 'Doe',
      phone: '',
      profile: 'profile/abc.png',
      primaryColor: '#143f6f',
      secondaryColor: '#0d97fd',
    });
  });

  it('sends names, phone and colours; an unchanged image is not re-sent', () => {
    const initial = aboutToFormValues(about);
    const body = entries(aboutFormData({ ...initial, firstname: 'Janet', phone: null, primaryColor: '#aa0000' }, initial));
    expect(body).toEqual({ firstname: 'Janet', lastname: 'Doe', phone: '', primaryColor: '#aa0000', secondaryColor: '#0d97fd' });
  });

  it('a removed image sends removeProfile=true; a new one travels as the file part profile', () => {
    const initial = aboutToFormValues(about);
    expect(entries(aboutFormData({ ...initial, profile: null }, initial)).removeProfile).toBe('true');
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    const withFile = entries(aboutFormData({ ...initial, profile: file }, initial));
    expect(withFile.profile).toBe('file:me.png');
    expect(withFile.removeProfile).toBeUndefined();
  });

  it('updates the cookie user with the server fields and keeps the rest', () => {
    const stored = { id: 7, email: 'jane@example.com', firstname: 'Jane', roleId: 2 };
    const updated = {
      id: 7,
      roleId: 2,
      email: 'jane@example.com',
      firstname: 'Janet',
      lastname: 'Doe',
      profile: null,
      primaryColor: '#aa0000',
      secondaryColor: '#0d97fd',
    };
    expect(sessionUserAfterUpdate(stored, updated)).toEqual(updated);
  });
});

describe('picked user in the URL', () => {
  const params = (text: string) => new URLSearchParams(text);

  it('defaults to the viewer and ignores the parameter for viewers who cannot pick', () => {
    expect(readPickedUserId(params(''), 3, true)).toBe(3);
    expect(readPickedUserId(params('userId=9'), 3, false)).toBe(3);
    expect(readPickedUserId(params('userId=9'), 3, true)).toBe(9);
    for (const bad of ['userId=0', 'userId=-2', 'userId=abc', 'userId=1.5']) expect(readPickedUserId(params(bad), 3, true)).toBe(3);
  });

  it('picking another user sets it and goes back to page 1, keeping the other list parameters', () => {
    const next = withPickedUserId(params('page=4&limit=25&search=login'), 9, 3);
    expect(next.get(USER_PARAM)).toBe('9');
    expect(next.get('page')).toBeNull();
    expect(next.get('limit')).toBe('25');
    expect(next.get('search')).toBe('login');
  });

  it('picking yourself (or clearing) removes the parameter', () => {
    expect(withPickedUserId(params('userId=9&page=2'), 3, 3).toString()).toBe('');
    expect(withPickedUserId(params('userId=9'), null, 3).has(USER_PARAM)).toBe(false);
  });
});

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36 Edg/120.0')).toBe(
      'Edge on Windows',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on macOS',
    );
    expect(describeUserAgent(null)).toBe('Unknown');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
  });
});
