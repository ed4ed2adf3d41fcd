import { BULK_UPLOAD_KINDS, bulkUploadPaths } from '@console/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies } from '../db/schema/index.js';
import { csv, filePart, uploadParts, waitFinished } from '../modules/bulk-uploads/bulk-uploads.testing.js';
import { createRoleWithKeys, createUser } from '../modules/roles/testing.js';
import { createToneSetup, item, regenerateKey, sendBatch } from '../modules/user-requests/user-requests.testing.js';
import { createTestApp, type TestApp, type TestSession } from './test-app.js';
import { cellsAsReadWith, formulaCells } from '../lib/export/foreign-reader.testing.js';

// Issue 14 finding 6 end to end: text with a formula after a `;` comes in through the product's
// own doors and goes out of every CSV it writes quoted and guarded for any list separator.

const PAYLOAD = 'x;=1+1';
let t: TestApp;
let admin: TestSession;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Guard Co' }).returning();
  const [client] = await t.app.db.insert(clients).values({ name: 'Guard client', companyId: company!.id, type: 'demo' }).returning();
  clientId = client!.id;
});
afterAll(() => t?.close());

/** Asserts a CSV answer reads with `;` (and TAB, and `,`) with no cell starting a formula. */
function expectGuarded(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(formulaCells(res.body)).toEqual([]);
  // The payload's formula is there, defused: split on `;` it starts with the guard's quote.
  expect(cellsAsReadWith(res.body, ';', 'naive')).toContainEqual(expect.stringMatching(/^'=1\+1/));
}

describe('formula text through every CSV the product writes', () => {
  it('a device field appVersion "x;=1+1;" leaves the user-requests export quoted and guarded', async () => {
    const { key } = await regenerateKey(t, admin, (await createUser(t, await createRoleWithKeys(t, ['user-requests.ingest']))).id);
    const setup = await createToneSetup(t, 1);
    const sent = await sendBatch(t, key, { requests: [item(setup.codes[0]!, { appVersion: `${PAYLOAD};`, deviceModel: 'a,@SUM(1)' })] });
    expect(sent.json()).toMatchObject({ accepted: 1 });
    const res = await t.as(admin, { url: `/api/user-request/export/csv?locationId=${setup.locationId}` });
    expectGuarded(res);
    expect(res.body).toContain(`"'x;'=1+1;"`);
    expect(res.body).toContain(`"'a,'@SUM(1)"`);
  });

  it('an action named "x;=1+1" leaves the manage-actions export quoted and guarded', async () => {
    const add = await t.as(admin, {
      method: 'POST',
      url: '/api/manage-actions/add',
      payload: { clientId, name: PAYLOAD, actionType: 'open-url', value: 'https://example.com/' },
    });
    expect(add.statusCode, add.body).toBe(200);
    const res = await t.as(admin, { url: `/api/manage-actions/export/csv?clientId=${clientId}` });
    expectGuarded(res);
    expect(res.body).toContain(`"'x;'=1+1"`);
  });

  it('a sheet "x;=1+1.csv" of an action "x;=1+1" that fails leaves an error sheet quoted and guarded', async () => {
    // No `name` column: the whole file fails, and the error sheet's line is named after the file.
    const sheet = csv([
      [PAYLOAD, 'actionType', 'value'],
      [PAYLOAD, 'call', '+3225550177'],
    ]);
    const up = await uploadParts(t, admin, 'manage-actions', { clientId }, [filePart(`${PAYLOAD}.csv`, sheet)]);
    expect(up.statusCode, up.body).toBe(202);
    const id = up.json<{ data: { id: number }[] }>().data[0]!.id;
    expect(await waitFinished(t, id)).toMatchObject({ status: 'failed' });
    const res = await t.as(admin, { url: `/api${bulkUploadPaths('manage-actions').errorsCsv(id)}` });
    expectGuarded(res);
    expect(res.body).toContain(`"'x;'=1+1.csv"`);
  });

  // Issue 15: a phone number came out as `'+44 ...` in every format.
  it('a phone number "+44 20 7946 0000" leaves the client exports as typed: CSV unquoted, XLSX a text cell', async () => {
    const phone = '+44 20 7946 0000';
    const [company] = await t.app.db.insert(companies).values({ name: 'Phone Co' }).returning();
    await t.app.db.insert(clients).values({ name: 'Phone client', companyId: company!.id, phone, email: 'x;=1+1@example.com' });
    const res = await t.as(admin, { url: `/api/client/export/csv?companyId=${company!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`,${phone},`);
    expect(res.body).not.toContain(`'${phone}`);
    expect(formulaCells(res.body)).toEqual([]);
    const xlsx = await t.as(admin, { url: `/api/client/export/excel?companyId=${company!.id}` });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = (wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    expect(cells).toContain(phone);
  });

  it('the bulk templates are guarded the same way (no formula cell in any kind)', async () => {
    for (const kind of BULK_UPLOAD_KINDS) {
      const res = await t.as(admin, { url: `/api${bulkUploadPaths(kind).template('csv')}` });
      expect(res.statusCode, kind).toBe(200);
      expect(formulaCells(res.body), kind).toEqual([]);
    }
  });
});
