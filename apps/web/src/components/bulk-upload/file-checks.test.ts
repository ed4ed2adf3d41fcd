import { BULK_UPLOAD_MAX_FILES } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { addFiles, BULK_LIMITS, checkBulkFile, checkManifest } from './file-checks';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { lastModified: 1 });
const sized = (name: string, size: number) => ({ name, size });

describe('bulk upload file checks', () => {
  it('takes media files and ZIPs for media kinds, by extension whatever the case', () => {
    for (const name of ['a.png', 'B.JPG', 'c.mp4', 'd.mov', 'e.mp3', 'f.wav', 'g.zip'])
      expect(checkBulkFile(sized(name, 10), 'media')).toBeNull();
    expect(checkBulkFile(sized('notes.txt', 10), 'media')).toBe('notes.txt is not an image, video, audio file or ZIP archive.');
    expect(checkBulkFile(sized('actions.csv', 10), 'media')).toMatch(/not an image/);
  });

  it('takes only CSV and XLSX for manage-actions, and for a manifest', () => {
    expect(checkBulkFile(sized('actions.csv', 10), 'sheet')).toBeNull();
    expect(checkBulkFile(sized('actions.xlsx', 10), 'sheet')).toBeNull();
    expect(checkBulkFile(sized('actions.xls', 10), 'sheet')).toBe('actions.xls is not a CSV or XLSX file.');
    expect(checkBulkFile(sized('a.png', 10), 'sheet')).toMatch(/not a CSV or XLSX/);
    expect(checkManifest(sized('manifest.pdf', 10))).toMatch(/not a CSV or XLSX/);
  });

  it('refuses empty files and files over the limits with the limit in the message', () => {
    expect(checkBulkFile(sized('a.png', 0), 'media')).toBe('a.png is empty.');
    expect(checkBulkFile(sized('big.mp4', BULK_LIMITS.mediaBytes + 1), 'media')).toBe('big.mp4 is larger than the 100.0 MB limit.');
    expect(checkBulkFile(sized('big.mp4', BULK_LIMITS.mediaBytes), 'media')).toBeNull();
    // An archive may be much larger than one media file.
    expect(checkBulkFile(sized('all.zip', BULK_LIMITS.mediaBytes + 1), 'media')).toBeNull();
    expect(checkBulkFile(sized('all.zip', BULK_LIMITS.zipBytes + 1), 'media')).toMatch(/larger than the 2\.0 GB limit/);
    expect(checkBulkFile(sized('rows.csv', BULK_LIMITS.sheetBytes + 1), 'sheet')).toMatch(/larger than the 64\.0 MB limit/);
  });

  it('adds good files once, explains the refused ones and stops at the per-upload limit', () => {
    const a = file('a.png');
    const first = addFiles([], [a, file('bad.exe'), a], 'media');
    expect(first.files).toEqual([a]);
    expect(first.problems).toEqual(['bad.exe is not an image, video, audio file or ZIP archive.']);

    const many = Array.from({ length: BULK_UPLOAD_MAX_FILES + 2 }, (_, i) => file(`m${i}.png`));
    const capped = addFiles([], many, 'media');
    expect(capped.files).toHaveLength(BULK_UPLOAD_MAX_FILES);
    expect(capped.problems).toHaveLength(2);
    expect(capped.problems[0]).toBe(`m${BULK_UPLOAD_MAX_FILES}.png was not added: at most ${BULK_UPLOAD_MAX_FILES} files per upload.`);
  });
});
