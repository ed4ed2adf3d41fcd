import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../lib/formatters';
import {
  actorLabel,
  conflictLines,
  describeAction,
  describeFieldChange,
  EMPTY_VALUE,
  formatValue,
  humaniseField,
  isRevertible,
  summariseChanges,
  visibleChanges,
} from './history-format';
import { revertConsequence } from './use-history';

describe('field names', () => {
  it('reads camelCase, snake_case and acronyms as words', () => {
    expect(humaniseField('name')).toBe('Name');
    expect(humaniseField('companyId')).toBe('Company ID');
    expect(humaniseField('offlineMode')).toBe('Offline mode');
    expect(humaniseField('offline_mode')).toBe('Offline mode');
    expect(humaniseField('twoFactorEnabled')).toBe('Two factor enabled');
    expect(humaniseField('apiKeyHash')).toBe('API key hash');
    expect(humaniseField('websiteURL')).toBe('Website URL');
    expect(humaniseField('offline-mode')).toBe('Offline mode');
    expect(humaniseField('firstname')).toBe('First name');
    expect(humaniseField('lastname')).toBe('Last name');
  });
});

describe('values', () => {
  it('shows nothing as an em dash: null, undefined, blank text, empty lists and objects', () => {
    for (const v of [null, undefined, '', '   ', [], {}]) expect(formatValue(v)).toBe(EMPTY_VALUE);
  });

  it('writes booleans, numbers and timestamps for people', () => {
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(0)).toBe('0');
    expect(formatValue('2026-05-01T10:00:00.000Z')).toBe(formatTimestamp('2026-05-01T10:00:00.000Z'));
    // A date alone, or text that merely starts like one, stays as written.
    expect(formatValue('2026-05-01')).toBe('2026-05-01');
    expect(formatValue('2026-05-01 sale')).toBe('2026-05-01 sale');
  });

  it('keeps lists and objects on one line, nested values formatted the same way', () => {
    expect(formatValue(['a', 'b', 3])).toBe('a, b, 3');
    expect(formatValue({ lat: 51.5, city: 'London', extra: null })).toBe(`{lat: 51.5, city: London, extra: ${EMPTY_VALUE}}`);
    expect(formatValue({ tags: ['x', 'y'], on: true })).toBe('{tags: x, y, on: Yes}');
    // A comma inside a value would read as two values: it is quoted.
    expect(formatValue(['Smith, J', 'Lee'])).toBe('"Smith, J", Lee');
  });

  it('keeps a long value whole (the view wraps it)', () => {
    const long = 'x'.repeat(500);
    expect(formatValue(long)).toBe(long);
  });
});

describe('actions', () => {
  it('says what a change did in words', () => {
    expect(describeAction({ action: 'create', revertOf: null })).toBe('Created');
    expect(describeAction({ action: 'update', revertOf: null })).toBe('Edited');
    expect(describeAction({ action: 'delete', revertOf: null })).toBe('Deleted');
    expect(describeAction({ action: 'revert', revertOf: 41 })).toBe('Reverted change #41');
    expect(describeAction({ action: 'revert', revertOf: null })).toBe('Reverted a change');
    expect(describeAction({ action: 'update-status', revertOf: null })).toBe('Changed status');
    expect(describeAction({ action: 'update-offline-mode', revertOf: null })).toBe('Changed offline mode');
    expect(describeAction({ action: 'regenerate-api-key', revertOf: null })).toBe('Regenerated the API key');
    expect(describeAction({ action: 'second-factor.reset', revertOf: null })).toBe('Reset the second factors');
    expect(describeAction({ action: 'archive', revertOf: null })).toBe('Archive');
  });

  it('offers revert on the kinds of change the API puts back', () => {
    for (const action of ['create', 'update', 'delete', 'revert', 'update-status']) expect(isRevertible({ action }), action).toBe(true);
    for (const action of ['regenerate-api-key', 'export', 'login', 'second-factor.reset', 'second-factor.totp-enabled']) {
      expect(isRevertible({ action }), action).toBe(false);
    }
  });

  it('names a deleted or anonymous actor', () => {
    expect(actorLabel({ actorName: null })).toBe('Unknown user');
    expect(actorLabel({ actorName: 'Ada Lovelace (ada@example.com)' })).toBe('Ada Lovelace (ada@example.com)');
  });
});

describe('summaries', () => {
  const changes = [
    { field: 'name', before: 'Nova', after: 'Nova Retail' },
    { field: 'phone', before: null, after: '+44 20 7946 0958' },
    { field: 'offlineMode', before: false, after: true },
  ];

  it('one field: "Name: old → new"', () => {
    expect(describeFieldChange(changes[0])).toBe('Name: Nova → Nova Retail');
    expect(describeFieldChange(changes[1])).toBe(`Phone: ${EMPTY_VALUE} → +44 20 7946 0958`);
  });

  it('a list cell: the first fields, then how many more', () => {
    expect(summariseChanges({ action: 'update', changes })).toBe(
      `Name: Nova → Nova Retail; Phone: ${EMPTY_VALUE} → +44 20 7946 0958; +1 more`,
    );
    expect(summariseChanges({ action: 'update', changes: changes.slice(0, 1) })).toBe('Name: Nova → Nova Retail');
    expect(summariseChanges({ action: 'update', changes: [] })).toBe(EMPTY_VALUE);
  });

  it('a create lists what it set and a delete what it removed, without the empty side', () => {
    const set = [{ field: 'name', before: null, after: 'Nova' }];
    expect(summariseChanges({ action: 'create', changes: set })).toBe('Name: Nova');
    expect(summariseChanges({ action: 'delete', changes: [{ field: 'name', before: 'Nova', after: null }] })).toBe('Name: Nova');
  });

  it('leaves out fields that read the same on both sides (empty fields of a new row)', () => {
    const created = {
      action: 'create',
      changes: [
        { field: 'logo', before: null, after: null },
        { field: 'name', before: null, after: 'Nova' },
        { field: 'email', before: null, after: '' },
        { field: 'type', before: null, after: 'demo' },
        { field: 'phone', before: null, after: null },
      ],
    };
    expect(visibleChanges(created).map((c) => c.field)).toEqual(['name', 'type']);
    expect(summariseChanges(created)).toBe('Name: Nova; Type: demo');
    expect(summariseChanges({ action: 'update', changes: [{ field: 'logo', before: null, after: '' }] })).toBe(EMPTY_VALUE);
  });

  it('cuts a long value in the summary', () => {
    const summary = summariseChanges({ action: 'update', changes: [{ field: 'note', before: 'a'.repeat(100), after: 'b' }] });
    expect(summary).toBe(`Note: ${'a'.repeat(39)}… → b`);
  });
});

describe('revert texts', () => {
  it('lists each field that moved on with its value now', () => {
    expect(conflictLines({ name: 'Changed since; now Nova C', phone: 'Changed since; now —' })).toEqual([
      'Name: Changed since; now Nova C',
      'Phone: Changed since; now —',
    ]);
    expect(conflictLines(undefined)).toEqual([]);
  });

  it('the confirmation says what the revert will do', () => {
    expect(revertConsequence({ action: 'create', changes: [] }, 'Client')).toBe('This removes the client this change created.');
    expect(revertConsequence({ action: 'delete', changes: [] }, 'Client')).toBe('This restores the deleted client under its old ID.');
    expect(revertConsequence({ action: 'update', changes: [{ field: 'name', before: 'A', after: 'B' }] }, 'Client')).toBe(
      'This writes back the earlier values (Name: A).',
    );
  });
});
