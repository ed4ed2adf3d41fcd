import type { About } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { auditRows, multipart, pixelFloodPng, png, sessionWithKeys, storedFiles } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
let manager: TestSession;
let guest: TestSession;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 100_000 });
  [admin, manager, guest] = [await t.login('admin'), await t.login('manager'), await t.login('guest')];
});
afterAll(() => t?.close());

const form = (over: Record<string, string | undefined> = {}) => ({
  firstname: 'Maria',
  lastname: 'Manager',
  phone: '+1 555 0123',
  primaryColor: '#202020',
  secondaryColor: 'ff8800',
  ...over,
});
function patch(s: TestSession, id: number, f: Record<string, string | undefined>, image?: Buffer, filename = 'avatar.png') {
  return t.as(s, {
    method: 'PATCH',
    url: `/api/about/update/${id}`,
    ...multipart(f, image ? [{ name: 'profile', filename, content: image }] : []),
  });
}

describe('GET /about/:id', () => {
  it('answers your own profile, even without any key (guest role)', async () => {
    const res = await t.as(guest, { url: `/api/about/${guest.userId}` });
    expect(res.statusCode).toBe(200);
    const about = res.json<{ data: About }>().data;
    expect(about).toMatchObject({
      id: guest.userId,
      roleId: 4,
      roleName: 'Guest',
      companyName: 'Acme Media',
      email: 'guest@example.com',
      primaryColor: '#143f6f',
    });
    expect(JSON.stringify(about)).not.toMatch(/password|apiKey/i);
  });

  it("nobody reads another user's profile by changing the id; a super admin may", async () => {
    const res = await t.as(manager, { url: `/api/about/${admin.userId}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You can only view your own profile' });
    expect((await t.as(guest, { url: `/api/about/${manager.userId}` })).statusCode).toBe(403);
    expect((await t.as(admin, { url: `/api/about/${manager.userId}` })).json().data.email).toBe('manager@example.com');
  });

  it('404 for an unknown id (super admin), 400 for a bad id, 401 without a session', async () => {
    expect((await t.as(admin, { url: '/api/about/999999' })).statusCode).toBe(404);
    expect((await t.as(admin, { url: '/api/about/abc' })).json().fieldErrors).toHaveProperty('id');
    expect((await t.inject({ url: `/api/about/${admin.userId}` })).statusCode).toBe(401);
  });
});

describe('PATCH /about/update/:id', () => {
  it('updates your own names, phone, colours and image; answers the session user fields', async () => {
    const res = await patch(manager, manager.userId, form({ firstname: 'Mia' }), await png(200, 100));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; data: About; user: Record<string, unknown> }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      data: { firstname: 'Mia', phone: '+1 555 0123', primaryColor: '#202020', secondaryColor: '#ff8800' },
    });
    expect(body.user).toEqual({
      id: manager.userId,
      roleId: 2,
      firstname: 'Mia',
      lastname: 'Manager',
      email: 'manager@example.com',
      profile: body.data.profile,
      primaryColor: '#202020',
      secondaryColor: '#ff8800',
    });
    expect(body.data.profile).toMatch(/^profile\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    // Your own image is yours to see; a guest without users.view gets nothing.
    const img = await t.as(manager, { url: `/api/files/${body.data.profile}?thumb=1` });
    expect(img.statusCode).toBe(200);
    expect((await t.as(guest, { url: `/api/files/${body.data.profile}?thumb=1` })).statusCode).toBe(404);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await auditRows(t, 'update', 'profile'))[0]).toMatchObject({
      entityId: String(manager.userId),
      actorId: manager.userId,
      after: { firstname: 'Mia' },
    });

    // The session reflects the change at once (the SPA reads the same fields after sign-in).
    expect((await t.as(manager, { url: `/api/about/${manager.userId}` })).json().data.firstname).toBe('Mia');

    // The users screen shows the image under the name it was uploaded with.
    const listed = async () =>
      (await t.as(admin, { url: '/api/users?search=manager%40example.com' })).json<{ data: { profileName: string | null }[] }>().data[0];
    expect((await listed())?.profileName).toBe('avatar.png');

    const replaced = await patch(manager, manager.userId, form(), await png(30, 30, '#ff0000'), 'Mia at the beach.png');
    expect(await storedFiles(t)).not.toContain(body.data.profile);
    expect((await listed())?.profileName).toBe('Mia at the beach.png');
    await patch(manager, manager.userId, form({ phone: '+1 555 0124' }));
    expect((await listed())?.profileName).toBe('Mia at the beach.png');
    const removed = await patch(manager, manager.userId, form({ removeProfile: 'true' }));
    expect(removed.json().user.profile).toBeNull();
    expect((await listed())?.profileName).toBeNull();
    expect(await storedFiles(t)).not.toContain(replaced.json().data.profile);
  });

  it.each([
    [{ firstname: '' }, 'firstname', 'First name is required'],
    [{ lastname: '   ' }, 'lastname', 'Last name is required'],
    [{ phone: 'abc' }, 'phone', 'Enter a valid phone number'],
    [{ primaryColor: '#12' }, 'primaryColor', 'Enter a colour like #143f6f'],
    [{ secondaryColor: undefined }, 'secondaryColor', undefined],
  ])('refuses %j with fieldErrors.%s', async (over, key, message) => {
    const res = await patch(manager, manager.userId, form(over as Record<string, string | undefined>));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(key);
    if (message) expect(res.json().fieldErrors[key]).toBe(message);
  });

  it('upload rejections leave nothing behind', async () => {
    const before = await storedFiles(t);
    expect((await patch(manager, manager.userId, form(), Buffer.alloc(150_000, 2))).statusCode).toBe(413);
    expect((await patch(manager, manager.userId, form(), Buffer.from('%PDF-1.4 not an image'), 'x.png')).statusCode).toBe(415);
    expect((await patch(manager, manager.userId, form(), pixelFloodPng(), 'flood.png')).statusCode).toBe(413);
    expect((await patch(manager, manager.userId, form(), await png(), '..\\..\\..\\windows\\evil.png')).statusCode).toBe(200);
    const added = (await storedFiles(t)).filter((f) => !before.includes(f));
    expect(added.every((f) => /^profile\/\d{4}\/\d{2}\/[0-9a-f-]{36}(\.thumb\.webp|\.png)$/.test(f))).toBe(true);
  });

  it("nobody edits another user's profile here, super admin included", async () => {
    const other = await patch(manager, admin.userId, form());
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/only edit your own profile/);
    expect((await patch(admin, manager.userId, form())).statusCode).toBe(403);
    expect((await t.as(admin, { url: `/api/about/${admin.userId}` })).json().data.firstname).toBe('Super');
  });
});

describe('whose profile', () => {
  // Which keys open these routes is checked for every route by test/route-permissions.test.ts.
  it('changing the id never helps a non-super-admin, whatever keys they hold', async () => {
    const holder = await sessionWithKeys(t, ['profile.view', 'profile.update'], 'Profile holder');
    const none = await sessionWithKeys(t, ['users.view'], 'No profile');
    expect((await t.as(holder, { url: `/api/about/${none.userId}` })).statusCode).toBe(403);
    expect((await patch(holder, none.userId, form())).statusCode).toBe(403);
    expect((await t.as(none, { url: `/api/about/${none.userId}` })).statusCode).toBe(200);
  });
});
