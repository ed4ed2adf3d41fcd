import type { CampaignMedia, DemoMedia } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, manageActions, media } from '../../db/schema/index.js';
import { encodedVideo, mp4File, wavFile, webmFile } from '../../lib/media/testing.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { auditRows, type FilePart, multipart, parseCsv, png, sessionWithKeys, storedFiles } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
const client = { demo: 0, live: 0, both: 0 };
beforeAll(async () => {
  // A small media limit so the 413 is cheap to reach.
  t = await createTestApp({ mediaMaxBytes: 256 * 1024 });
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Media Co' }).returning();
  const rows = await t.app.db
    .insert(clients)
    .values((['demo', 'live', 'both'] as const).map((type) => ({ name: `Media ${type}`, companyId: company!.id, type })))
    .returning();
  for (const r of rows) client[r.type] = r.id;
});
afterAll(() => t?.close());

type Fields = Record<string, string | number | undefined>;
type Write<R> = { success: boolean; message: string; data: R };
type List<R> = { data: R[]; total: number; totalPages: number };
const filePart = (content: Buffer, filename = 'clip.wav'): FilePart[] => [{ name: 'file', filename, content }];

const add = (base: string, fields: Fields, files: FilePart[] = []) =>
  t.as(admin, { method: 'POST', url: `/api/${base}/add`, ...multipart(fields, files) });
const update = (base: string, id: number, fields: Fields, files: FilePart[] = []) =>
  t.as(admin, { method: 'PATCH', url: `/api/${base}/update/${id}`, ...multipart(fields, files) });
const remove = (base: string, id: number) => t.as(admin, { method: 'DELETE', url: `/api/${base}/delete/${id}` });
const campaignFields = (over: Fields = {}): Fields => ({
  clientId: client.live,
  title: 'Spring spot',
  campaignName: 'Spring 2027',
  startDate: '2027-03-01',
  endDate: '2027-05-31',
  ...over,
});

describe('POST /demo-media/add', () => {
  it('adds an image with its thumbnail and facts, audited', async () => {
    const res = await add(
      'demo-media',
      { clientId: client.demo, title: 'Poster', description: 'Lobby', toneCode: 'ab-12' },
      filePart(await png(300, 200), 'Poster.png'),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<Write<DemoMedia>>();
    expect(body).toMatchObject({
      success: true,
      message: 'Demo media added successfully',
      data: {
        clientId: client.demo,
        clientName: 'Media demo',
        title: 'Poster',
        description: 'Lobby',
        toneCode: 'AB-12',
        status: 'active',
        mediaType: 'image',
        mimeType: 'image/png',
        fileName: 'Poster.png',
        width: 300,
        height: 200,
        durationSeconds: null,
      },
    });
    expect(body.data.file).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(body.data.thumbnail).toBe(body.data.file.replace('.png', '.thumb.webp'));
    expect(await storedFiles(t)).toEqual(expect.arrayContaining([body.data.file, body.data.thumbnail]));
    expect((await auditRows(t, 'create', 'demo-media'))[0]).toMatchObject({ entityId: String(body.data.id) });
  });

  it('adds audio and video by content: duration, size, no thumbnail', async () => {
    const audio = (await add('demo-media', { clientId: client.both, title: 'Jingle' }, filePart(wavFile(1.5), 'jingle.wav'))).json<
      Write<DemoMedia>
    >();
    expect(audio.data).toMatchObject({ mediaType: 'audio', mimeType: 'audio/wav', durationSeconds: 1.5, thumbnail: null, width: null });
    const video = (await add('demo-media', { clientId: client.demo, title: 'Teaser' }, filePart(mp4File(3, 640, 360), 'teaser.mp4'))).json<
      Write<DemoMedia>
    >();
    // A header without frames: no poster to take.
    expect(video.data).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      width: 640,
      height: 360,
      durationSeconds: 3,
      thumbnail: null,
    });
  });

  it('a real video gets its poster frame as thumbnail, served like an image thumbnail', async () => {
    const clip = (
      await add('demo-media', { clientId: client.demo, title: 'Clip' }, filePart(encodedVideo('mp4', 2, 320, 240), 'clip.mp4'))
    ).json<Write<DemoMedia>>();
    expect(clip.data).toMatchObject({ mediaType: 'video', width: 320, height: 240 });
    expect(clip.data.thumbnail).toBe(clip.data.file.replace('.mp4', '.thumb.webp'));
    const thumb = await t.as(admin, { url: `/api/files/${clip.data.file}?thumb=1` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('answers 400 with field errors for each bad field and for a missing file', async () => {
    const bad = await add('demo-media', { clientId: 'x', title: '', toneCode: 'no', status: 'maybe' }, filePart(wavFile(0.1)));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['clientId', 'status', 'title', 'toneCode']);
    const long = await add('demo-media', { clientId: client.demo, title: 'x'.repeat(201) }, filePart(wavFile(0.1)));
    expect(long.json().fieldErrors).toHaveProperty('title');
    const noFile = await add('demo-media', { clientId: client.demo, title: 'No file' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { file: 'Choose an image, video or audio file' } });
  });

  it('refuses a client of the wrong type or an unknown one (400 fieldErrors.clientId), storing nothing', async () => {
    const before = (await storedFiles(t)).length;
    const live = await add('demo-media', { clientId: client.live, title: 'Wrong' }, filePart(wavFile(0.1)));
    expect(live.statusCode).toBe(400);
    expect(live.json().fieldErrors).toEqual({ clientId: 'Choose a client of type demo or both' });
    const unknown = await add('demo-media', { clientId: 999_999, title: 'Nobody' }, filePart(wavFile(0.1)));
    expect(unknown.json().fieldErrors).toEqual({ clientId: 'Choose an existing client' });
    expect((await storedFiles(t)).length).toBe(before);
  });

  it('checks the file by content: a renamed text file is 415, an oversized file 413', async () => {
    const text = await add(
      'demo-media',
      { clientId: client.demo, title: 'Fake' },
      filePart(Buffer.from('hello, not a song\n'.repeat(50)), 'song.mp3'),
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await add('demo-media', { clientId: client.demo, title: 'Big' }, filePart(wavFile(20), 'long.wav'));
    expect(big.statusCode).toBe(413);
  });
});

describe('campaign media', () => {
  it('adds with campaign name and dates; live and both clients only', async () => {
    const res = await add('campaign-media', campaignFields(), filePart(webmFile(2, 320, 240), 'spot.webm'));
    expect(res.statusCode).toBe(200);
    expect(res.json<Write<CampaignMedia>>()).toMatchObject({
      message: 'Campaign media added successfully',
      data: { campaignName: 'Spring 2027', startDate: '2027-03-01', endDate: '2027-05-31', mediaType: 'video', width: 320, height: 240 },
    });
    expect((await add('campaign-media', campaignFields({ clientId: client.both }), filePart(wavFile(0.2)))).statusCode).toBe(200);
    const demo = await add('campaign-media', campaignFields({ clientId: client.demo }), filePart(wavFile(0.2)));
    expect(demo.json().fieldErrors).toEqual({ clientId: 'Choose a client of type live or both' });
  });

  it('refuses an end before the start, a bad date and a missing campaign name', async () => {
    const order = await add('campaign-media', campaignFields({ startDate: '2027-05-01', endDate: '2027-04-30' }), filePart(wavFile(0.1)));
    expect(order.statusCode).toBe(400);
    expect(order.json().fieldErrors).toEqual({ endDate: 'The end date must not be before the start date' });
    const bad = await add('campaign-media', campaignFields({ startDate: '2027-02-30', campaignName: '' }), filePart(wavFile(0.1)));
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['campaignName', 'startDate']);
    // A real date to JavaScript in a year PostgreSQL has not (0): a field error, not a 500.
    const yearZero = await add('campaign-media', campaignFields({ startDate: '0000-02-29' }), filePart(wavFile(0.1)));
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().fieldErrors).toEqual({ startDate: 'Use a date between 1900 and 9999' });
  });

  it('keeps the two kinds apart: a demo id is 404 on /campaign-media', async () => {
    const demo = (await add('demo-media', { clientId: client.both, title: 'Only demo' }, filePart(wavFile(0.1)))).json<Write<DemoMedia>>()
      .data;
    expect((await update('campaign-media', demo.id, campaignFields({ clientId: client.both }))).statusCode).toBe(404);
    expect((await remove('campaign-media', demo.id)).statusCode).toBe(404);
    const list = (await t.as(admin, { url: `/api/campaign-media?clientId=${client.both}&limit=100` })).json<List<CampaignMedia>>();
    expect(list.data.map((m) => m.id)).not.toContain(demo.id);
  });
});

describe('GET /demo-media', () => {
  it('lists one client, searches, sorts, filters by type, and exports CSV at the spec path', async () => {
    const one = (await add('demo-media', { clientId: client.both, title: 'Searchable zebra' }, filePart(await png(20, 20), 'z.png'))).json<
      Write<DemoMedia>
    >().data;
    const list = (await t.as(admin, { url: `/api/demo-media?clientId=${client.both}&limit=100` })).json<List<DemoMedia>>();
    expect(list.data.length).toBeGreaterThan(1);
    expect(new Set(list.data.map((m) => m.clientId))).toEqual(new Set([client.both]));
    const found = (await t.as(admin, { url: `/api/demo-media?clientId=${client.both}&search=zebra` })).json<List<DemoMedia>>();
    expect(found.data.map((m) => m.id)).toEqual([one.id]);
    const images = (await t.as(admin, { url: `/api/demo-media?clientId=${client.both}&mediaType=image` })).json<List<DemoMedia>>();
    expect(images.data.every((m) => m.mediaType === 'image')).toBe(true);
    const sorted = (await t.as(admin, { url: '/api/demo-media?sortField=title&sortOrder=asc&limit=100' })).json<List<DemoMedia>>();
    const titles = sorted.data.map((m) => m.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await t.as(admin, { url: '/api/demo-media?sortField=file' })).statusCode).toBe(400);
    expect((await t.as(admin, { url: '/api/demo-media?clientId=abc' })).json().fieldErrors).toHaveProperty('clientId');

    const csv = await t.as(admin, { url: `/api/demo-media/export/csv?clientId=${client.both}&search=zebra` });
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(['ID', 'Title', 'Client', 'Type', 'Format', 'Tone code', 'Status', 'Size (bytes)', 'Created']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Searchable zebra']);
    expect((await t.as(admin, { url: `/api/campaign-media/export/excel?clientId=${client.live}` })).statusCode).toBe(200);
  });

  it('needs the screen keys: a caller without demo-media.view gets 403', async () => {
    const other = await sessionWithKeys(t, ['campaign-media.view']);
    expect((await t.as(other, { url: '/api/demo-media' })).statusCode).toBe(403);
    expect((await t.as(other, { url: '/api/campaign-media' })).statusCode).toBe(200);
  });
});

describe('update and delete', () => {
  it('edits fields without a file, replaces the file (old one removed), 404 for a missing id', async () => {
    const m = (await add('demo-media', { clientId: client.demo, title: 'Before' }, filePart(await png(40, 40), 'a.png'))).json<
      Write<DemoMedia>
    >().data;
    const edited = await update('demo-media', m.id, { clientId: client.demo, title: 'After', status: 'inactive' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Write<DemoMedia>>()).toMatchObject({
      message: 'Demo media updated successfully',
      data: { title: 'After', status: 'inactive', file: m.file },
    });
    const replaced = (await update('demo-media', m.id, { clientId: client.demo, title: 'After' }, filePart(wavFile(0.3), 'b.wav'))).json<
      Write<DemoMedia>
    >().data;
    expect(replaced).toMatchObject({ mediaType: 'audio', fileName: 'b.wav', thumbnail: null });
    const files = await storedFiles(t);
    expect(files).toContain(replaced.file);
    expect(files).not.toContain(m.file);
    expect(files).not.toContain(m.thumbnail);
    expect((await update('demo-media', 999_999, { clientId: client.demo, title: 'x' })).statusCode).toBe(404);
    const wrong = await update('demo-media', m.id, { clientId: client.live, title: 'x' });
    expect(wrong.json().fieldErrors).toEqual({ clientId: 'Choose a client of type demo or both' });
    const fake = await update('demo-media', m.id, { clientId: client.demo, title: 'x' }, filePart(Buffer.from('plain text'), 'x.png'));
    expect(fake.statusCode).toBe(415);
  });

  it('deletes the row and its files; a second delete is 404; a show-media action makes it 409', async () => {
    const m = (await add('demo-media', { clientId: client.demo, title: 'Gone' }, filePart(await png(30, 30), 'g.png'))).json<
      Write<DemoMedia>
    >().data;
    const res = await remove('demo-media', m.id);
    expect(res.json()).toEqual({ success: true, message: 'Demo media deleted successfully' });
    expect(await storedFiles(t)).not.toContain(m.file);
    expect((await remove('demo-media', m.id)).statusCode).toBe(404);

    const used = (await add('demo-media', { clientId: client.demo, title: 'Shown' }, filePart(wavFile(0.1)))).json<Write<DemoMedia>>().data;
    await t.app.db
      .insert(manageActions)
      .values({ clientId: client.demo, name: 'Show it', actionType: 'show-media', value: String(used.id), mediaId: used.id });
    const refused = await remove('demo-media', used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This media is shown by 1 manage-action. Change or delete it first.');
    expect(await storedFiles(t)).toContain(used.file);
  });
});

describe('old rows whose client no longer fits (issue 15, item 4)', () => {
  it('stay editable while their client is kept; moving them still needs a fitting client', async () => {
    // Data older than the rule: a demo media on a live-only client.
    const [legacy] = await t.app.db
      .insert(media)
      .values({
        kind: 'demo',
        clientId: client.live,
        title: 'Legacy',
        mediaType: 'image',
        file: 'media/legacy.png',
        mimeType: 'image/png',
        size: 1,
      })
      .returning();
    const kept = await update('demo-media', legacy!.id, { clientId: client.live, title: 'Legacy edited' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Write<DemoMedia>>().data).toMatchObject({ clientId: client.live, title: 'Legacy edited' });
    const [other] = await t.app.db
      .insert(clients)
      .values({ name: 'Media live 2', companyId: (await t.app.db.select().from(companies))[0]!.id, type: 'live' })
      .returning();
    const moved = await update('demo-media', legacy!.id, { clientId: other!.id, title: 'Legacy edited' });
    expect(moved.json().fieldErrors).toEqual({ clientId: 'Choose a client of type demo or both' });
    expect((await update('demo-media', legacy!.id, { clientId: client.both, title: 'Legacy fixed' })).statusCode).toBe(200);
  });
});

describe('one active media per (client, tone code), demo and campaign together (issue 15, item 9)', () => {
  const taken = {
    code: 'CONFLICT',
    message: 'Another active media of this client already uses this tone code. Use another code, or make the other media inactive first.',
    fieldErrors: {
      toneCode:
        'Another active media of this client already uses this tone code. Use another code, or make the other media inactive first.',
    },
  };

  it('refuses a second active media with the code on add and on edit (409 fieldErrors.toneCode); inactive ones and other clients may share it', async () => {
    const first = await add('demo-media', { clientId: client.both, title: 'Code owner', toneCode: 'dup-1' }, filePart(wavFile(0.1)));
    expect(first.statusCode).toBe(200);
    const before = (await storedFiles(t)).length;
    const demo = await add('demo-media', { clientId: client.both, title: 'Second demo', toneCode: 'DUP-1' }, filePart(wavFile(0.1)));
    expect(demo.statusCode).toBe(409);
    expect(demo.json()).toMatchObject(taken);
    const campaign = await add('campaign-media', campaignFields({ clientId: client.both, toneCode: 'DUP-1' }), filePart(wavFile(0.1)));
    expect(campaign.statusCode).toBe(409);
    expect(campaign.json()).toMatchObject(taken);
    expect((await storedFiles(t)).length).toBe(before);

    const inactive = await add(
      'demo-media',
      { clientId: client.both, title: 'Spare', toneCode: 'DUP-1', status: 'inactive' },
      filePart(wavFile(0.1)),
    );
    expect(inactive.statusCode).toBe(200);
    const spare = inactive.json<Write<DemoMedia>>().data;
    const switchedOn = await update('demo-media', spare.id, { clientId: client.both, title: 'Spare', toneCode: 'DUP-1', status: 'active' });
    expect(switchedOn.statusCode).toBe(409);
    expect(switchedOn.json()).toMatchObject(taken);
    const recoded = await update('demo-media', spare.id, { clientId: client.both, title: 'Spare', toneCode: 'DUP-2', status: 'active' });
    expect(recoded.statusCode).toBe(200);

    // The owner keeps its own code on edit; another client may use the same code.
    const owner = first.json<Write<DemoMedia>>().data;
    expect((await update('demo-media', owner.id, { clientId: client.both, title: 'Renamed', toneCode: 'DUP-1' })).statusCode).toBe(200);
    expect(
      (await add('demo-media', { clientId: client.demo, title: 'Other client', toneCode: 'DUP-1' }, filePart(wavFile(0.1)))).statusCode,
    ).toBe(200);
  });

  it('the database holds the rule too (media_tone_code_active_uq)', async () => {
    const row = (status: 'active' | 'inactive') => ({
      kind: 'demo' as const,
      clientId: client.demo,
      title: 'Raw',
      toneCode: 'RAW-1',
      status,
      mediaType: 'image' as const,
      file: `media/raw-${status}.png`,
      mimeType: 'image/png',
      size: 1,
    });
    await t.app.db.insert(media).values([row('active'), row('inactive'), row('inactive')]);
    await expect(t.app.db.insert(media).values(row('active'))).rejects.toThrow();
  });
});
