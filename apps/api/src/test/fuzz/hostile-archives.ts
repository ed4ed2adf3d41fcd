import { emptyEntries, type RawEntry, rawZip, wav, workbookParts } from '../../lib/bulk/testing.js';
import type { FileSamples } from './multipart-body.js';

/**
 * Archives and workbooks with the shapes issue 14 found (s.2-4), for the bulk-upload routes (and
 * every other file field): just over the default entry limit, names over 255 bytes, entries that
 * share bytes, sizes that lie. Kept small (under 100 kB each, the lying workbook inflating to
 * 2 MB) so the CI-sized pass stays short; the limits themselves are proven in lib/bulk's tests.
 */
export function hostileArchiveSamples(): FileSamples {
  const zip = (filename: string, entries: RawEntry[]) => ({ filename, type: 'application/zip', content: rawZip(entries) });
  const xlsx = (filename: string, change: (name: string, data: Buffer) => RawEntry[]) => ({
    filename,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: rawZip(
      workbookParts([
        ['name', 'actionType', 'value', 'fileName'],
        ['Fuzz', 'call', '+3225550100', 'a.png'],
      ]).flatMap(([name, xml]) => change(name, Buffer.from(xml))),
    ),
  });
  const shared: RawEntry[] = [{ name: 'tone.wav', data: wav(20_000) }];
  for (let i = 1; i < 40; i++) shared.push({ name: `copy-${i}.wav`, data: Buffer.alloc(0), sameAs: 0 });
  return {
    zipManyEntries: zip('many.zip', emptyEntries(1001)),
    zipLongNames: zip(
      'names.zip',
      [1, 2, 3].map((i) => ({ name: `${i}${'n'.repeat(300)}.wav`, data: wav(100) })),
    ),
    zipOverlapping: zip('overlap.zip', shared),
    zipLyingSizes: zip('liar.zip', [{ name: 'liar.wav', data: wav(100_000), deflate: true, declaredSize: 10_000 }]),
    xlsxLyingSizes: xlsx('liar.xlsx', (name, data) =>
      name === 'xl/sharedStrings.xml'
        ? [{ name, data: Buffer.concat([data, Buffer.alloc(2 * 1024 * 1024, ' ')]), deflate: true, declaredSize: 1024 }]
        : [{ name, data, deflate: true }],
    ),
    xlsxOverlapping: xlsx('overlap.xlsx', (name, data) => [
      { name, data, deflate: true },
      ...(name === 'xl/worksheets/sheet1.xml' ? [{ name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(0), sameAs: 4 }] : []),
    ]),
  };
}
