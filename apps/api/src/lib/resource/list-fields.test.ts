import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { isoText, sortFieldsOf } from './list-fields.js';

describe('sortFieldsOf', () => {
  it('sorts a timestamp selected as isoText by its column (its index), and an explicit entry wins', () => {
    const fields = { createdAt: isoText(users.createdAt), email: users.email, updatedAt: isoText(users.updatedAt) };
    const sorts = sortFieldsOf(fields, ['createdAt', 'email', 'updatedAt'], { updatedAt: users.id });
    expect(sorts.createdAt).toBe(users.createdAt);
    expect(sorts.email).toBe(users.email);
    expect(sorts.updatedAt).toBe(users.id);
  });
});
