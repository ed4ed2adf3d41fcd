// How a spreadsheet set to another list separator reads our CSV (shared by the guard tests, not a test file).

/** What a cell must never start with: the formula triggers of OWASP's CSV injection advice. */
const TRIGGER_START = /^[=+\-@\t\r]/;

/**
 * The cells a reader gets when it splits on `separator` and line breaks (a BOM dropped):
 * - `naive`: every separator splits, our quotes are plain text except one opening a cell;
 * - `quotes`: a double quote anywhere turns quoting on or off, and separators inside quotes do
 *   not split (how most spreadsheets read a field with quotes in its middle).
 */
export function cellsAsReadWith(text: string, separator: string, mode: 'naive' | 'quotes'): string[] {
  const body = text.replace(/^\uFEFF/, '');
  if (mode === 'naive') {
    return body.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator).map((cell) => cell.replace(/^"/, '')));
  }
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '"') {
      if (quoted && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (!quoted && (c === separator || c === '\n' || c === '\r')) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/**
 * A number such as -5 or a phone number such as +44 20 7946 0000: digits, spaces, ( ) . - and a
 * leading + reach no function, reference or command (exports write them unguarded, cells.ts).
 */
const NUMBER = /^[+-]?[\d ().-]*\d[\d ().-]*$/;

/** The cells of `text`, read with `;`, TAB or `,` either way, that a spreadsheet would run as a formula. */
export function formulaCells(text: string): string[] {
  return [';', '\t', ','].flatMap((sep) =>
    (['naive', 'quotes'] as const).flatMap((mode) =>
      cellsAsReadWith(text, sep, mode).filter((c) => TRIGGER_START.test(c) && !NUMBER.test(c)),
    ),
  );
}
