import { ACTION_VALUE_MESSAGES, type ManageAction } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, manageActions } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { csv, filePart, listedRow, uploadParts, waitFinished } from '../bulk-uploads/bulk-uploads.testing.js';

// Issue 14, finding 7: deep links that run script or read inline/local content (`javascript:`,
// `data:`, ...) reached devices. They are refused on add, update and in a bulk sheet row.

let t: TestApp;
let admin: TestSession;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Schemes Co' }).returning();
  const [client] = await t.app.db.insert(clients).values({ name: 'Schemes client', companyId: company!.id }).returning();
  clientId = client!.id;
});
afterAll(() => t?.close());

const UNSAFE = 'This link type is not allowed: use http://, https:// or an app scheme such as myapp://';
const BAD_LINKS = [
  'javascript://%0aalert(document.cookie)',
  'JAVASCRIPT:alert(1)',
  'data://text/html,<script>alert(1)</script>',
  'data:text/html,x',
];
let n = 0;
const payload = (value: string) => ({ clientId, name: `Link ${++n}`, actionType: 'deep-link', value });

describe('deep-link schemes', () => {
  it('the message is the contract’s', () => expect(ACTION_VALUE_MESSAGES.unsafeScheme).toBe(UNSAFE));

  it.each(BAD_LINKS)('refuses %s on add and update with fieldErrors.value; an app scheme and https pass', async (bad) => {
    const refused = await t.as(admin, { method: 'POST', url: '/api/manage-actions/add', payload: payload(bad) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { value: UNSAFE } });

    const ok = await t.as(admin, { method: 'POST', url: '/api/manage-actions/add', payload: payload('schemesapp://home') });
    expect(ok.statusCode).toBe(200);
    const id = ok.json<{ data: ManageAction }>().data.id;
    const edit = (value: string) => t.as(admin, { method: 'PATCH', url: `/api/manage-actions/update/${id}`, payload: payload(value) });
    const refusedEdit = await edit(bad);
    expect(refusedEdit.statusCode).toBe(400);
    expect(refusedEdit.json().fieldErrors).toEqual({ value: UNSAFE });
    expect((await edit('https://schemes.example/offers')).statusCode).toBe(200);
    const [row] = await t.app.db.select({ value: manageActions.value }).from(manageActions).where(eq(manageActions.id, id));
    expect(row?.value).toBe('https://schemes.example/offers');
  });

  it('a bulk sheet row with such a link fails as an item with that message; the good row is imported', async () => {
    const res = await uploadParts(t, admin, 'manage-actions', { clientId }, [
      filePart(
        'links.csv',
        csv([
          ['name', 'actionType', 'value', 'toneCode', 'status'],
          ['Sheet js', 'deep-link', BAD_LINKS[0]!, '', 'active'],
          ['Sheet data', 'deep-link', BAD_LINKS[2]!, '', 'active'],
          ['Sheet app', 'deep-link', 'schemesapp://sheet', '', 'active'],
        ]),
      ),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ data: { id: number }[] }>().data[0]!.id;
    expect(await waitFinished(t, id)).toMatchObject({ status: 'partially-failed', total: 3, done: 1, failed: 2 });
    expect((await listedRow(t, admin, 'manage-actions', id))?.errors).toEqual([
      { item: '2', message: UNSAFE },
      { item: '3', message: UNSAFE },
    ]);
    const created = await t.app.db.select({ value: manageActions.value }).from(manageActions).where(eq(manageActions.uploadId, id));
    expect(created).toEqual([{ value: 'schemesapp://sheet' }]);
  });
});
