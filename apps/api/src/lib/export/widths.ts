/**
 * Column widths from content. XLSX and PDF both have to fix their column widths before the
 * first data row is written (Excel's <cols> precede <sheetData>; a PDF page is drawn as it
 * goes), and exports stream, so widths come from the header and the first SAMPLE_ROWS rows:
 * enough to cover almost every list a person exports whole, and a bounded buffer.
 * Values longer than anything in the sample are cut (PDF) or overflow (Excel) as before.
 */
const SAMPLE_ROWS = 500;

/** Excel width units are characters of the default font's digit width. */
export const XLSX_WIDTH = {
  min: 6,
  max: 60,
  /**
   * Excel's own cell margins (5 px of a 7 px digit, as in its 8.43 default) and one character
   * to spare. Also keeps widths off whole numbers: exceljs does not write a column whose width
   * equals its default (9), and Excel would then use 8.43.
   */
  padding: 1 + 5 / 7,
  /** Bold header text is wider than body text of the same length. */
  headerFactor: 1.1,
} as const;

/** A date cell's number format in the XLSX, and so the text Excel shows for it. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

// East Asian wide and full-width characters take about two digit widths in a spreadsheet font.
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** Width of the text in characters as a spreadsheet shows it: its longest line, wide characters counted twice. */
export function displayChars(text: string): number {
  let longest = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    let n = 0;
    for (const ch of line) n += WIDE.test(ch) ? 2 : 1;
    if (n > longest) longest = n;
  }
  return longest;
}

/** The Excel column width for a header and the texts Excel will show in the column. */
export function xlsxColumnWidth(header: string, shown: Iterable<string>): number {
  let content = Math.ceil(displayChars(header) * XLSX_WIDTH.headerFactor);
  for (const text of shown) content = Math.max(content, displayChars(text));
  return Math.min(XLSX_WIDTH.max, Math.max(XLSX_WIDTH.min, content + XLSX_WIDTH.padding));
}

/**
 * Widths of table columns given each column's natural width (its widest header or value,
 * padding included) and the room there is, all in the same unit (PDF points).
 *
 * - Everything fits: each column gets its natural width and the spare room is shared in
 *   proportion, so the table spans the page but an empty column stays as narrow as its header.
 * - Too wide: "water filling": a cap is found so that the columns narrower than the cap keep
 *   their natural width (dates, ids, statuses are never cut) and only the columns wider than
 *   the cap (long text: descriptions, user agents) are cut down to it.
 */
export function fitColumnWidths(natural: readonly number[], available: number): number[] {
  const widths = natural.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const total = widths.reduce((a, b) => a + b, 0);
  if (widths.length === 0) return [];
  if (total <= 0) return widths.map(() => available / widths.length);
  if (total <= available) {
    const scale = available / total;
    return widths.map((w) => w * scale);
  }
  // Ascending: give each column in turn its natural width while it is below an even share of what is left.
  const order = widths.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(widths.length);
  let left = available;
  let remaining = widths.length;
  for (const [w, i] of order) {
    const share = left / remaining;
    out[i] = Math.min(w, share);
    left -= out[i];
    remaining -= 1;
  }
  return out;
}

/**
 * The first `count` rows in an array, and every row (those first ones included) as one
 * iterable. Closing the iterable early (consumer gone) closes the source too.
 */
export async function sampleRows<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  count = SAMPLE_ROWS,
): Promise<{ sample: Row[]; all: AsyncIterable<Row> }> {
  const iterator: AsyncIterator<Row> | Iterator<Row> =
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const sample: Row[] = [];
  let done = false;
  try {
    while (sample.length < count) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      sample.push(next.value);
    }
  } catch (err) {
    done = true;
    throw err;
  }
  const all = {
    async *[Symbol.asyncIterator]() {
      let finished = done;
      try {
        yield* sample;
        while (!finished) {
          const next = await iterator.next();
          if (next.done) finished = true;
          else yield next.value;
        }
      } finally {
        if (!finished) await iterator.return?.();
      }
    },
  };
  return { sample, all };
}
