import { describe, expect, it } from 'vitest';
import { optionReaders, PERMISSION_KEYS as K, RESOURCES } from '../src/index.js';

describe('the resource registry', () => {
  it("builds a resource's filter schema at its first read, once, from the declared filters", () => {
    const resource = RESOURCES.users;
    // an accessor, not a value made as the module ran
    expect(typeof Object.getOwnPropertyDescriptor(resource, 'filters')?.get).toBe('function');
    const first = resource.filters;
    expect(resource.filters).toBe(first);
    expect(Object.keys(first.shape).sort()).toEqual(['companyId', 'roleId', 'status']);
    expect(first.safeParse({ roleId: '0' }).success).toBe(false);
    expect(first.parse({ roleId: '2', status: 'active' })).toEqual({ roleId: 2, status: 'active' });
  });

  it('lists each resource under its own name', () => {
    for (const [name, resource] of Object.entries(RESOURCES)) expect(resource.name).toBe(name);
  });

  it('derives who may read a resource’s options from the references to it', () => {
    expect(new Set(optionReaders('companies'))).toEqual(
      new Set([K.companies.view, K.users.create, K.users.update, K.clients.view, K.clients.create, K.clients.update]),
    );
    expect(new Set(optionReaders('clients'))).toEqual(
      new Set([K.clients.view, K.demoMedia.view, K.campaignMedia.view, K.manageActions.view, K.locations.create, K.locations.update]),
    );
    expect(new Set(optionReaders('roles'))).toEqual(new Set([K.roles.view, K.users.create, K.users.update]));
    expect(new Set(optionReaders('demo-media'))).toEqual(new Set([K.demoMedia.view, K.manageActions.create, K.manageActions.update]));
    expect(optionReaders('users')).toEqual([K.users.view]);
  });

  it('names only resources that exist in references, with keys the referencing resource has', () => {
    for (const resource of Object.values(RESOURCES)) {
      const refs = Object.values(
        (resource as { references?: Record<string, { resource: string | string[]; readBy: string[] }> }).references ?? {},
      );
      for (const ref of refs) {
        for (const target of [ref.resource].flat()) expect(Object.keys(RESOURCES)).toContain(target);
        for (const k of ref.readBy) expect((resource.keys as Record<string, string>)[k]).toBeTruthy();
      }
    }
  });
});
