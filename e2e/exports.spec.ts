import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api, PRODUCT, uniqueTag } from './support/admin';
import { expectAccessible } from './support/axe';
import { expect, serverURL, signIn, test } from './support/fixtures';

// Every export of the users and companies lists downloads what the current query selects:
// all pages (more rows than one page), the search applied, in the list's order.
const TAG = uniqueTag('ex');
const USER_COUNT = 12; // more than the default page of 10
const pad = (n: number) => String(n).padStart(2, '0');
const USER_EMAILS = Array.from({ length: USER_COUNT }, (_, i) => `${TAG}-${pad(i + 1)}@example.test`);
const COMPANY_NAMES = ['Alpha', 'Bravo', 'Charlie'].map((n) => `${n} ${TAG}`);

const USER_HEADER = [
  'ID',
  'First name',
  'Last name',
  'E-mail',
  'Role',
  'Company',
  'Phone',
  'Status',
  'Two-step sign-in',
  'Last sign-in',
  'Created',
];
const COMPANY_HEADER = ['ID', 'Name', 'E-mail', 'Phone', 'Website', 'Address', 'Status', 'Users', 'Created'];

test.beforeAll(async ({ server }) => {
  const admin = await Api.admin(serverURL(server));
  const companies = [];
  for (const name of COMPANY_NAMES)
    companies.push(await admin.createCompany({ name, email: `info@${name.split(' ')[0].toLowerCase()}.example` }));
  for (let i = 0; i < USER_COUNT; i++) {
    await admin.createUser({
      firstname: `Ex${pad(i + 1)}`,
      lastname: `Port ${TAG}`,
      email: USER_EMAILS[i],
      roleId: 3,
      companyId: companies[i % 3].id,
    });
  }
});

/** RFC 4180 rows (quotes, doubled quotes, CRLF), without the UTF-8 BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function exportFile(page: Page, format: 'CSV' | 'Excel' | 'PDF'): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('group', { name: 'Export' })
    .getByRole('button', { name: `Export ${format}` })
    .click();
  const download = await downloading;
  const path = await download.path();
  expect(await download.failure()).toBeNull();
  return { download, bytes: readFileSync(path) };
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((r) =>
    rows.push(
      (r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v))),
    ),
  );
  return rows;
}

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

test.describe('exports', () => {
  test('users: CSV, Excel and PDF download every row of the searched, sorted list (not just the page)', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: `${PRODUCT}/users?search=${TAG}&sortField=email&sortOrder=desc` });
    await expect(page.getByText(`1–10 of ${USER_COUNT}`)).toBeVisible();
    const expected = [...USER_EMAILS].reverse();

    const csv = await exportFile(page, 'CSV');
    expect(csv.download.suggestedFilename()).toMatch(/^users-\d{8}-\d{6}\.csv$/);
    const rows = parseCsv(csv.bytes.toString('utf8'));
    expect(rows[0]).toEqual(USER_HEADER);
    expect(rows.slice(1).map((r) => r[3])).toEqual(expected);
    const first = rows[1];
    expect(first.slice(1, 9)).toEqual([
      `Ex${pad(USER_COUNT)}`,
      `Port ${TAG}`,
      expected[0],
      'Support Agent',
      COMPANY_NAMES[(USER_COUNT - 1) % 3],
      '',
      'active',
      'No',
    ]);
    expect(first[10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/); // spec s.9 timestamp
    await expectAccessible(page, 'users list after exports', testInfo);

    const excel = await exportFile(page, 'Excel');
    expect(excel.download.suggestedFilename()).toMatch(/^users-.*\.xlsx$/);
    expect(excel.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const sheet = await xlsxRows(excel.bytes);
    expect(sheet[0]).toEqual(USER_HEADER);
    expect(sheet.slice(1).map((r) => r[3])).toEqual(expected);

    const pdf = await exportFile(page, 'PDF');
    expect(pdf.download.suggestedFilename()).toMatch(/^users-.*\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.bytes);
    for (let i = 1; i <= USER_COUNT; i++) expect(text).toContain(`Ex${pad(i)}`);
    expect(text).not.toContain('Maria'); // a seeded user outside the search
  });

  test('users: a narrower search exports only the matching rows', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(`${PRODUCT}/users?search=${TAG}-0&sortField=email&sortOrder=asc`); // emails 01..09
    await expect(page.getByText('1–9 of 9')).toBeVisible();
    const rows = parseCsv((await exportFile(page, 'CSV')).bytes.toString('utf8'));
    expect(rows.slice(1).map((r) => r[3])).toEqual(USER_EMAILS.slice(0, 9));
  });

  test('companies: CSV, Excel and PDF download the searched list', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { at: `${PRODUCT}/companies?search=${TAG}&sortField=name&sortOrder=asc` });
    await expect(page.getByText('1–3 of 3')).toBeVisible();
    await expectAccessible(page, 'companies list (searched)', testInfo);

    const csv = await exportFile(page, 'CSV');
    expect(csv.download.suggestedFilename()).toMatch(/^companies-\d{8}-\d{6}\.csv$/);
    const rows = parseCsv(csv.bytes.toString('utf8'));
    expect(rows[0]).toEqual(COMPANY_HEADER);
    expect(rows.slice(1).map((r) => r[1])).toEqual(COMPANY_NAMES);
    expect(rows.slice(1).map((r) => r[7])).toEqual(['4', '4', '4']); // user counts
    expect(rows[1][2]).toBe('info@alpha.example');

    const excel = await exportFile(page, 'Excel');
    expect(excel.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const sheet = await xlsxRows(excel.bytes);
    expect(sheet[0]).toEqual(COMPANY_HEADER);
    expect(sheet.slice(1).map((r) => r[1])).toEqual(COMPANY_NAMES);

    const pdf = await exportFile(page, 'PDF');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.bytes);
    for (const name of COMPANY_NAMES) expect(text).toContain(name);
  });
});
