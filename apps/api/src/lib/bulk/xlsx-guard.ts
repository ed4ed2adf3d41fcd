import yauzl, { type Entry } from 'yauzl';

export type XlsxGuardLimits = { maxUnpackedBytes: number; maxRatio: number };

// A 10,000-row sheet unpacks to a few MB of XML; real workbooks compress ~10-100:1, a bomb ~1000:1.
/** @public API of the bulk-upload groundwork for the demo-admin screens (issue 7 s.2-3), not used yet */
export const DEFAULT_XLSX_LIMITS: XlsxGuardLimits = { maxUnpackedBytes: 256 * 1024 * 1024, maxRatio: 500 };

/**
 * An XLSX is a ZIP the sheet library inflates on its own, so it gets the archive checks first:
 * its central directory (read without inflating anything) must declare a bounded total size and
 * no part with a bomb-like compression ratio. Answers the problem, or null when it looks sane.
 */
export async function xlsxArchiveProblem(filePath: string, limits: XlsxGuardLimits = DEFAULT_XLSX_LIMITS): Promise<string | null> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, decodeStrings: false, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  try {
    let total = 0;
    for (let entry = await next(zip); entry; entry = await next(zip)) {
      total += entry.uncompressedSize;
      if (total > limits.maxUnpackedBytes) return `The workbook unpacks to more than ${limits.maxUnpackedBytes} bytes`;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio)
        return `Suspicious compression ratio in the workbook (${Math.round(ratio)}:1)`;
    }
    return null;
  } catch (err) {
    return `Unreadable workbook (${(err as Error).message})`;
  } finally {
    zip.close();
  }
}

function next(zip: yauzl.ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
    const onEntry = (e: Entry) => {
      done();
      resolve(e);
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}
