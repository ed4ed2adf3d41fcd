import type { PassThrough, Readable } from 'node:stream';
import { DateFormatter, cellText, rawCell } from './cells.js';
import { FlowControl, streamWrittenBy } from './flow.js';
import type { ExportOptions, ExportRow } from './types.js';
import { fitColumnWidths, sampleRows } from './widths.js';

const MARGIN = 30;
const FONT_SIZE = 8;
const ROW_HEIGHT = 14;
const CELL_PAD = 3;
const MAX_CELL_CHARS = 300; // measured text is cut here first, then fitted to the column
const ELLIPSIS = '\u2026';

// Characters the standard (AFM) fonts can show: WinAnsi. Others become '?'.
const WIN_ANSI_EXTRA =
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178';
const NOT_WIN_ANSI = new RegExp(`[^\\u0020-\\u007e\\u00a0-\\u00ff${WIN_ANSI_EXTRA}]`, 'gu');

/**
 * A4 landscape table: title, "Generated at" line, header row repeated on every page, one line
 * per row (long cells cut with an ellipsis), "Page N" in each footer. Pages are flushed as they
 * fill and the consumer's backpressure is respected, so memory stays flat. (No "of M": a total
 * would need every page kept until the end.)
 */
export function pdfExport<Row extends ExportRow>(options: ExportOptions<Row>): Readable {
  return streamWrittenBy((out) => write(options, out));
}

async function write<Row extends ExportRow>(options: ExportOptions<Row>, out: PassThrough): Promise<void> {
  const dates = new DateFormatter(options.timeZone);
  // Loaded on first use, like exceljs for XLSX: only a server asked for a PDF carries it.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: true,
    info: { Title: options.title, Creator: 'Staff console export' },
  });
  doc.on('error', (err: Error) => out.destroy(err));
  doc.pipe(out);

  const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  if (options.pdfFonts) {
    doc.registerFont('Body', options.pdfFonts.regular);
    doc.registerFont('Body-Bold', options.pdfFonts.bold ?? options.pdfFonts.regular);
    fonts.regular = 'Body';
    fonts.bold = 'Body-Bold';
  }
  const clean = options.pdfFonts ? (t: string) => t : (t: string) => t.replace(NOT_WIN_ANSI, '?');

  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const tableWidth = pageWidth - 2 * MARGIN;
  const bottom = pageHeight - MARGIN - ROW_HEIGHT; // last row must end above the footer line
  // Widths from content: each column's widest header or value among the first rows, fitted to
  // the page by fitColumnWidths (short columns such as dates whole, long text cut).
  const tidy = (raw: string) => clean(raw.replace(/\s+/g, ' ').trim()).slice(0, MAX_CELL_CHARS);
  const cellTexts = (row: Row) => options.columns.map((c) => tidy(cellText(rawCell(c, row), dates, 'cell')));
  const { sample, all } = await sampleRows(options.rows);
  const sampleTexts = sample.map(cellTexts);
  const natural = options.columns.map((c, i) => {
    doc.font(fonts.bold).fontSize(FONT_SIZE);
    let widest = doc.widthOfString(tidy(c.header));
    doc.font(fonts.regular);
    for (const texts of sampleTexts) if (texts[i]) widest = Math.max(widest, doc.widthOfString(texts[i]));
    return Math.ceil(widest) + 2 * CELL_PAD + 1;
  });
  const widths = fitColumnWidths(natural, tableWidth);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));

  let page = 1;
  let y = MARGIN;

  const fit = (tidied: string, width: number): string => {
    let text = tidied;
    const room = width - 2 * CELL_PAD;
    if (doc.widthOfString(text) <= room) return text;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(text.slice(0, mid) + ELLIPSIS) <= room) lo = mid;
      else hi = mid - 1;
    }
    text = text.slice(0, lo).trimEnd();
    return room > 0 ? text + ELLIPSIS : '';
  };
  const line = (text: string, x: number, top: number, width: number) =>
    doc.text(text, x + CELL_PAD, top + (ROW_HEIGHT - FONT_SIZE) / 2, { width: width - 2 * CELL_PAD, lineBreak: false });

  /** Moves below the row just written and rules it off (the header's rule is heavier). */
  const endRow = (lineWidth: number, color: string) => {
    y += ROW_HEIGHT;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + tableWidth, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke();
  };
  const header = () => {
    doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#e8ecf1');
    doc.fillColor('#000').font(fonts.bold).fontSize(FONT_SIZE);
    options.columns.forEach((c, i) => {
      line(fit(tidy(c.header), widths[i]), xs[i], y, widths[i]);
    });
    endRow(0.5, '#8a94a6');
    doc.font(fonts.regular).fontSize(FONT_SIZE).fillColor('#000');
  };
  const footer = () => {
    // Text below the bottom margin makes pdfkit start a new page; lift the margin while writing.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(fonts.regular).fontSize(FONT_SIZE).fillColor('#555');
    doc.text(`Page ${page}`, MARGIN, pageHeight - MARGIN + 6, { width: tableWidth, align: 'right', lineBreak: false });
    doc.fillColor('#000');
    doc.page.margins.bottom = margin;
  };
  const newPage = () => {
    footer();
    doc.addPage();
    page += 1;
    y = MARGIN;
    header();
  };

  doc.font(fonts.bold).fontSize(14).text(clean(options.title), MARGIN, y, { width: tableWidth, lineBreak: false });
  y += 20;
  const generatedAt = options.generatedAt ?? new Date();
  doc
    .font(fonts.regular)
    .fontSize(9)
    .fillColor('#555')
    .text(`Generated at ${dates.format(generatedAt)} (${dates.timeZone})`, MARGIN, y, { width: tableWidth, lineBreak: false });
  doc.fillColor('#000');
  y += 18;
  header();

  let count = 0;
  const flow = new FlowControl(out);
  for await (const row of all) {
    if (flow.stopped) return; // consumer gone: stop reading rows
    if (y + ROW_HEIGHT > bottom) newPage();
    const texts = count < sampleTexts.length ? sampleTexts[count] : cellTexts(row);
    texts.forEach((text, i) => {
      line(fit(text, widths[i]), xs[i], y, widths[i]);
    });
    endRow(0.25, '#d0d5dd');
    count += 1;
    await flow.afterRow();
  }
  if (count === 0) {
    doc.fillColor('#555');
    line('No rows.', MARGIN, y, tableWidth);
  }
  footer();
  doc.end();
}
