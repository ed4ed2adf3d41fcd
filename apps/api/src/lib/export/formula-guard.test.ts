import { describe, expect, it } from 'vitest';
import { cellsAsReadWith, formulaCells } from './foreign-reader.testing.js';
import { exportRows, guardFormula } from './index.js';

// Issue 14 finding 6: a trigger after a `;`, `,` or TAB inside a cell starts a cell for a reader
// that splits on that separator; every CSV cell is guarded for any separator, not only its start.

describe('guardFormula for CSV', () => {
  it.each([
    ['x;=1+1;', "'x;'=1+1;"],
    ['a,@SUM(1)', "'a,'@SUM(1)"],
    ['tab\t=1', "'tab\t'=1"],
    ['-5', "'-5"],
    ['=1', "'=1"],
    ['\t=1', "'\t'=1"],
    ['line\n+1', "'line\n'+1"],
  ])('guards %j as %j', (text, guarded) => {
    expect(guardFormula(text, 'csv')).toBe(guarded);
    expect(cellsAsReadWith(guarded, ';', 'naive').concat(cellsAsReadWith(guarded, '\t', 'naive'))).not.toContainEqual(
      expect.stringMatching(/^[=+\-@]/),
    );
  });

  it.each(['plain text', 'a=b', ' =1', 'a; b', 'x,y;z', '2.3.1', 'comma, quote " and\nnewline', ''])('leaves %j alone', (text) => {
    expect(guardFormula(text, 'csv')).toBe(text);
  });

  it('guards only the start of a cell read whole (XLSX, PDF)', () => {
    expect(guardFormula('x;=1+1;', 'cell')).toBe('x;=1+1;');
    expect(guardFormula('-5', 'cell')).toBe("'-5");
  });
});

describe('the CSV writer', () => {
  const columns = [
    { key: 'id', header: 'ID' },
    { key: 'v', header: 'Value' },
    { key: 'n', header: 'Number' },
  ];
  const values = ['x;=1+1;', 'a,@SUM(1)', 'tab\t=1', '-5', 'plain'];

  it('quotes every guarded cell and leaves no cell starting with a trigger whatever the separator', async () => {
    const rows = values.map((v, i) => ({ id: i + 1, v, n: -5 }));
    const text = Buffer.concat(await exportRows({ format: 'csv', columns, rows, title: 't' }).toArray()).toString('utf8');
    expect(text).toContain(`1,"'x;'=1+1;",-5\r\n`);
    expect(text).toContain(`2,"'a,'@SUM(1)",-5\r\n`);
    expect(text).toContain(`3,"'tab\t'=1",-5\r\n`);
    // -5 as text is guarded; -5 as a number stays a number.
    expect(text).toContain(`4,"'-5",-5\r\n`);
    expect(text).toContain('5,plain,-5\r\n');
    expect(formulaCells(text)).toEqual([]);
  });
});
