import { manageActionSheetRowSchema } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { quickParseManageAction } from './manage-actions-importer.js';

// The fast path of the manage-actions import must answer exactly what the schema answers for the
// rows it takes, and take every valid row a sheet can hand over (cells trimmed, blank = absent).
const names = [undefined, 'a', 'Action 1', 'x'.repeat(200), 'x'.repeat(201), ' padded ', 'Ünïcode ✓', 'a,"b"'];
const types = [undefined, 'open-url', 'OPEN-URL', ' Open-Url ', 'deep-link', 'show-media', 'call', 'sms', 'email', 'nope', ''];
const values = [
  undefined,
  'https://example.com/a',
  'http://x',
  ' https://example.com/b ',
  'ftp://x',
  'example.com',
  `https://example.com/${'x'.repeat(2040)}`,
  'myapp://home',
  'javascript://x',
  'DATA://x',
  '12',
  '0',
  '2147483648',
  'abc',
  '+32 (0)2 555-01.00',
  '123',
  'a@b.co',
  'a@b',
];
const toneCodes = [undefined, 'tc-1', 'TC-12345', 'ab', 'x'.repeat(17), 'tc 1', ' tc-1 ', ' '];
const statuses = [undefined, 'active', 'inactive', 'Active', 'x'];

const sheetLike = (v: string | undefined) => v === undefined || (v !== '' && v === v.trim());

describe('quickParseManageAction', () => {
  it('answers what manageActionSheetRowSchema answers, for every row it takes, and takes every valid sheet row', () => {
    let taken = 0;
    let rows = 0;
    for (const name of names)
      for (const actionType of types)
        for (const value of values)
          for (const toneCode of [...toneCodes, 'absent'])
            for (const status of statuses) {
              const record: Record<string, string | undefined> = { name, actionType, value };
              if (toneCode !== 'absent') record.toneCode = toneCode;
              record.status = status;
              rows++;
              const quick = quickParseManageAction(record);
              const parsed = manageActionSheetRowSchema.safeParse(record);
              if (quick !== undefined) {
                taken++;
                expect(parsed.success, JSON.stringify(record)).toBe(true);
                expect(quick).toStrictEqual(parsed.data);
                expect(Object.keys(quick)).toEqual(Object.keys(parsed.data!));
              } else if (Object.values(record).every(sheetLike)) {
                expect(parsed.success, JSON.stringify(record)).toBe(false);
              }
            }
    expect(rows).toBeGreaterThan(50_000);
    expect(taken).toBeGreaterThan(1_000);
  });
});
