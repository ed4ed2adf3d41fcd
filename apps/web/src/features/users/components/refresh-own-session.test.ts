import type { User } from '@console/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllCookies } from '../../../lib/auth/cookies';
import { getSession, saveSession } from '../../../lib/auth/session';
import { getThemeColors, resetColors } from '../../../lib/theme/colors-store';
import { refreshOwnSession } from './refresh-own-session';

const saved: User = {
  id: 3,
  roleId: 1,
  roleName: 'Super Admin',
  companyId: null,
  companyName: null,
  firstname: 'Ada',
  lastname: 'New',
  email: 'ada@example.com',
  phone: null,
  profile: 'profile/a.png',
  profileName: null,
  primaryColor: '#0f766e',
  secondaryColor: '#f59e0b',
  status: 'active',
  twoFactorEnabled: false,
  hasApiKey: false,
  lastLoginAt: null,
  createdAt: '',
  updatedAt: '',
};

beforeEach(() => {
  clearAllCookies();
  resetColors();
});

describe('refreshOwnSession', () => {
  it('rewrites the session cookie and applies the new colours at once', () => {
    saveSession(
      { accessToken: 'tok', user: { id: 3, roleId: 1, email: 'ada@example.com', firstname: 'Ada', lastname: 'Old' } },
      { persistent: false },
    );
    refreshOwnSession(saved);
    expect(getSession()).toEqual({
      accessToken: 'tok',
      user: {
        id: 3,
        roleId: 1,
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'New',
        profile: 'profile/a.png',
        primaryColor: '#0f766e',
        secondaryColor: '#f59e0b',
      },
    });
    expect(getThemeColors()).toEqual({ primaryColor: '#0f766e', secondaryColor: '#f59e0b' });
  });

  it("leaves the session alone when the saved record is someone else's", () => {
    saveSession({ accessToken: 'tok', user: { id: 9, email: 'me@example.com' } }, { persistent: false });
    refreshOwnSession(saved);
    expect(getSession()?.user).toEqual({ id: 9, email: 'me@example.com' });
    expect(getThemeColors().primaryColor).toBe('#143f6f');
  });
});
