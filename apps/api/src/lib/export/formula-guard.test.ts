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
    ['=1', "'=1"],
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    // Digits and operators, but + inside: an expression, not a number.
    ['-2+3', "'-2+3"],
    ['+1 risky @cell', "'+1 risky @cell"],
    ['-1)|cmd', "'-1)|cmd"],
    ['1;-2+3', "'1;'-2+3"],
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

  // Issue 15: a phone number came out as `'+44 ...`. Digits, spaces, ( ) . - and a leading + or -
  // reach no function, reference or command: they pass in every format.
  it.each(['+44 20 7946 0000', '-5', '+5', '(020) 7946-0000', '+1 (555) 010-0199', '-1.5', '2026-01-01', '555.0100'])(
    'leaves the number %j alone',
    (text) => {
      expect(guardFormula(text, 'csv')).toBe(text);
      expect(guardFormula(text, 'cell')).toBe(text);
      expect(formulaCells(text)).toEqual([]);
    },
  );

  it('a TAB or line break inside digits still splits cells, so it is guarded', () => {
    expect(guardFormula('1\t-2+3', 'csv')).toBe("'1\t'-2+3");
    expect(guardFormula('1\n+2', 'csv')).toBe("'1\n'+2");
  });

  it('does not guard a cell read whole (XLSX text cell, PDF): the text stays as typed', () => {
    for (const text of ['x;=1+1;', '=1+1', '-5', '@SUM(1)', '+44 20 7946 0000']) expect(guardFormula(text, 'cell')).toBe(text);
  });
});

describe('the CSV writer', () => {
  const columns = [
    { key: 'id', header: 'ID' },
    { key: 'v', header: 'Value' },
    { key: 'n', header: 'Number' },
  ];
  const values = ['x;=1+1;', 'a,@SUM(1)', 'tab\t=1', '-5', 'plain', '+44 20 7946 0000', '-2+3'];

  it('quotes every guarded cell and leaves no cell starting with a trigger whatever the separator', async () => {
    const rows = values.map((v, i) => ({ id: i + 1, v, n: -5 }));
    const text = Buffer.concat(await exportRows({ format: 'csv', columns, rows, title: 't' }).toArray()).toString('utf8');
    expect(text).toContain(`1,"'x;'=1+1;",-5\r\n`);
    expect(text).toContain(`2,"'a,'@SUM(1)",-5\r\n`);
    expect(text).toContain(`3,"'tab\t'=1",-5\r\n`);
    // -5 as text and a phone number are plain numbers: unguarded, unquoted; -2+3 is an expression.
    expect(text).toContain('4,-5,-5\r\n');
    expect(text).toContain('5,plain,-5\r\n');
    expect(text).toContain('6,+44 20 7946 0000,-5\r\n');
    expect(text).toContain(`7,"'-2+3",-5\r\n`);
    expect(formulaCells(text)).toEqual([]);
  });
});
