// Every list export, fetched over HTTP as a user would download it: Excel columns are wide
// enough for what they hold, and PDF tables show dates and headers whole.
import { spawnSync } from 'node:child_process';
import { ADMIN_API_PATHS } from '@console/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayChars, XLSX_DATE_FORMAT } from '../lib/export/widths.js';
import { createTestApp, type TestApp, type TestSession } from './test-app.js';

const LISTS = {
  companies: ADMIN_API_PATHS.companies.export,
  users: ADMIN_API_PATHS.users.export,
  roles: ADMIN_API_PATHS.roles.export,
  sessions: ADMIN_API_PATHS.userSessionsExport,
  activity: ADMIN_API_PATHS.userActivityExport,
};
const DATE = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await t.login('manager'); // a second session, so the sessions export has more than one row
  // Long values, so that a column sized by anything but its content would show it.
  const form = new FormData();
  form.set('name', 'Very Long Company Name For Width Checks International Holdings');
  form.set('email', 'accounts.payable.department@very-long-company-domain.example.com');
  form.set('status', 'active');
  const res = await t.as(admin, { method: 'POST', url: '/api/companies/add', ...(await multipart(form)) });
  if (res.statusCode !== 200) throw new Error(res.body);
  await t.as(admin, { method: 'POST', url: '/api/auth/user-activity/add', payload: activity('/platform/companies') });
});
afterAll(() => t?.close());

describe.each(Object.entries(LISTS))('%s export', (_name, path) => {
  it('Excel: every column is at least as wide as its longest value and its header; dates have room', async () => {
    const res = await t.as(admin, { url: `/api${path('excel')}?timeZone=UTC` });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);
    sheet.columns.forEach((column, i) => {
      const width = column.width ?? 0;
      let longest = 0;
      let dates = 0;
      column.eachCell!({ includeEmpty: false }, (cell) => {
        const v = cell.value;
        if (v instanceof Date) dates += 1;
        const shown = v instanceof Date ? XLSX_DATE_FORMAT : typeof v === 'boolean' ? String(v).toUpperCase() : String(v ?? '');
        longest = Math.max(longest, displayChars(shown));
      });
      const where = `column ${i + 1} (${String(sheet.getCell(1, i + 1).value)})`;
      expect(width, where).toBeGreaterThanOrEqual(Math.min(longest, 58) + 1);
      // Excel shows ### when a date does not fit: 19 characters, the cell margins and one to spare.
      if (dates > 0) expect(width, where).toBeGreaterThanOrEqual(XLSX_DATE_FORMAT.length + 1);
    });
  });

  it('PDF: every header and every date is printed whole', async () => {
    const res = await t.as(admin, { url: `/api${path('pdf')}?timeZone=UTC` });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const wb = new ExcelJS.Workbook(); // the headers, read from the Excel export of the same list
    await wb.xlsx.load((await t.as(admin, { url: `/api${path('excel')}` })).rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
    const headerLine = text.split('\n').find((line) => line.includes(headers[0]!))!;
    for (const header of headers) expect(headerLine).toContain(header);
    expect(text).toMatch(DATE);
    // A date cut by the column shows as its first characters and an ellipsis.
    expect(text).not.toMatch(/\b\d{4}-\d{2}(-\d{0,2}( \d{0,2}(:\d{0,2}){0,2})?)?…/);
  });
});

function pdfText(buffer: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: buffer, maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}

function activity(path: string) {
  return { request: { path, search: '' }, screenName: 'Companies', eventName: 'page-view', slug: path, description: 'Viewed Companies' };
}

async function multipart(form: FormData) {
  const request = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
