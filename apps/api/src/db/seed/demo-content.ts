import { inArray } from 'drizzle-orm';
import { newMediaRow } from '../../lib/media/media-rows.js';
import { loadSharp, makeThumbnail } from '../../lib/uploads/index.js';
import { type FileStorage, newStorageKey, thumbnailKeyFor } from '../../lib/storage/index.js';
import type { Db } from '../client.js';
import { bulkUploadItems, bulkUploads, clients, companies, locations, manageActions, media, toneSequences } from '../schema/index.js';

/**
 * Demo content for a fresh console (SEED_DEMO): clients of every type with logos, demo and campaign
 * media with thumbnails, manage-actions of every type, locations with tone sequences whose codes
 * trigger some of them, and bulk uploads with their outcomes. Images are drawn here with sharp
 * (small, so the seed stays well under its time budget) and stored through the storage driver.
 * User requests and devices are seeded elsewhere.
 */

type ClientSeed = {
  name: string;
  company: string;
  type: 'demo' | 'live' | 'both';
  status?: 'inactive';
  color: string;
  email: string;
  offline?: boolean;
};
const CLIENTS: ClientSeed[] = [
  { name: 'Aurora Cinemas', company: 'Acme Media', type: 'demo', color: '#1c7ed6', email: 'screens@aurora.example' },
  { name: 'Beacon Retail', company: 'Acme Media', type: 'live', color: '#0ca678', email: 'ops@beacon.example' },
  { name: 'Cobalt Arena', company: 'Acme Media', type: 'both', color: '#7048e8', email: 'events@cobalt.example', offline: true },
  { name: 'Delta Transit', company: 'Northwind Devices', type: 'demo', color: '#f76707', email: 'info@delta-transit.example' },
  { name: 'Ember Radio', company: 'Northwind Devices', type: 'live', color: '#e03131', email: 'studio@ember.example' },
  { name: 'Fjord Museum', company: 'Northwind Devices', type: 'both', color: '#1098ad', email: 'hello@fjord.example' },
  {
    name: 'Granite Stadium',
    company: 'Globex Campaigns',
    type: 'live',
    status: 'inactive',
    color: '#495057',
    email: 'desk@granite.example',
  },
];

/** A flat logo: a coloured rounded square with a white ring (no text: no font needed). */
const logoSvg = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="18" fill="${color}"/><circle cx="48" cy="48" r="24" fill="none" stroke="#fff" stroke-width="8"/></svg>`;
/** A poster-like image: a gradient in the client's colour with a few shapes. */
const mediaSvg = (color: string, variant: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#212529"/></linearGradient></defs><rect width="480" height="270" fill="url(#g)"/><circle cx="${120 + variant * 90}" cy="135" r="${50 + variant * 10}" fill="#fff" fill-opacity="0.25"/><rect x="40" y="200" width="${200 + variant * 40}" height="18" rx="9" fill="#fff" fill-opacity="0.6"/></svg>`;

const png = async (svg: string) => (await loadSharp())(Buffer.from(svg)).png().toBuffer();

async function store(storage: FileStorage, folder: 'clients' | 'media', data: Buffer) {
  const key = newStorageKey(folder, 'png');
  await storage.put(key, data, { contentType: 'image/png' });
  return key;
}

/** A campaign per media slot: a live client's three media are three campaigns; a both client's third is Spring. */
const SEASONS = [
  { name: 'Winter', start: '2026-01-01', end: '2026-02-28' },
  { name: 'Summer', start: '2026-06-01', end: '2026-08-31' },
  { name: 'Spring', start: '2026-03-01', end: '2026-05-31' },
];

const toneCode = (clientIndex: number, n: number) => `DEMO-${clientIndex + 1}${String.fromCharCode(65 + n)}`;

export async function seedDemoContent(db: Db, storage: FileStorage): Promise<void> {
  const names = CLIENTS.map((c) => c.name);
  // Idempotent: a second run (or a database where someone already has these clients) adds nothing.
  const existing = await db.select({ id: clients.id }).from(clients).where(inArray(clients.name, names)).limit(1);
  if (existing.length) return;
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const companyId = new Map(companyRows.map((c) => [c.name, c.id]));
  const seeds = CLIENTS.filter((c) => companyId.has(c.company));

  // Images in parallel: sharp works off the event loop, and the whole seed stays around a second.
  const drawn = await Promise.all(
    seeds.map(async (c) => {
      const logo = await png(logoSvg(c.color));
      const images = await Promise.all([0, 1, 2].map((v) => png(mediaSvg(c.color, v))));
      const stored = await Promise.all(
        images.map(async (image) => {
          const file = await store(storage, 'media', image);
          await storage.put(thumbnailKeyFor(file), await makeThumbnail(image), { contentType: 'image/webp' });
          return { file, size: image.length };
        }),
      );
      return { logo: await store(storage, 'clients', logo), media: stored };
    }),
  );

  const clientRows = await db
    .insert(clients)
    .values(
      seeds.map((c, i) => ({
        companyId: companyId.get(c.company) as number,
        name: c.name,
        type: c.type,
        status: c.status ?? ('active' as const),
        offlineMode: c.offline ?? false,
        email: c.email,
        logo: drawn[i]?.logo,
        logoName: `${c.name.toLowerCase().replace(/\s+/g, '-')}-logo.png`,
      })),
    )
    .returning({ id: clients.id, name: clients.name });
  const clientId = (name: string) => clientRows.find((r) => r.name === name)?.id as number;

  const mediaValues = seeds.flatMap((c, i) =>
    (drawn[i]?.media ?? []).map((m, n) => {
      // DESIGN s.4b: demo media need a demo or both client, campaign media a live or both one.
      const campaign = c.type === 'live' || (c.type === 'both' && n === 2);
      const season = SEASONS[n % SEASONS.length] as (typeof SEASONS)[number];
      const fields = {
        clientId: clientId(c.name),
        title: campaign ? `${c.name} ${season.name.toLowerCase()} campaign` : `${c.name} showcase ${n + 1}`,
        description: campaign ? 'Seasonal poster shown during the campaign.' : 'Demo poster for the showroom.',
        toneCode: toneCode(i, n),
        status: n === 1 && c.status === 'inactive' ? ('inactive' as const) : ('active' as const),
        campaignName: `${c.name} ${season.name}`,
        startDate: season.start,
        endDate: season.end,
      };
      const fileName = campaign ? `${season.name.toLowerCase()}-campaign.png` : `showcase-${n + 1}.png`;
      const stored = { mediaType: 'image' as const, file: m.file, fileName, thumbnail: thumbnailKeyFor(m.file), mimeType: 'image/png' };
      return newMediaRow(campaign ? 'campaign-media' : 'demo-media', fields, { ...stored, size: m.size, width: 480, height: 270 });
    }),
  );
  const mediaRows = await db.insert(media).values(mediaValues).returning({ id: media.id, clientId: media.clientId, kind: media.kind });

  // Every action type, spread over the clients; show-media points at that client's own first media.
  const actionValues = seeds.flatMap((c, i) => {
    const id = clientId(c.name);
    const own = mediaRows.find((m) => m.clientId === id);
    const slug = c.name.toLowerCase().replace(/\s+/g, '-');
    const all = [
      { name: 'Open website', actionType: 'open-url' as const, value: `https://${slug}.example` },
      { name: 'Open the app', actionType: 'deep-link' as const, value: `${slug.replace(/-/g, '')}://home` },
      { name: 'Show poster', actionType: 'show-media' as const, value: String(own?.id ?? ''), mediaId: own?.id ?? null },
      { name: 'Call the desk', actionType: 'call' as const, value: '+1 555 0142' },
      { name: 'Write to us', actionType: 'email' as const, value: c.email },
      { name: 'Text for offers', actionType: 'sms' as const, value: '+1 555 0199' },
    ];
    // Two to four actions per client, rotating so every type appears.
    return all
      .filter((_a, n) => (n + i) % 2 === 0 || n === i % 6)
      .filter((a) => a.actionType !== 'show-media' || a.mediaId)
      .map((a, n) => ({ ...a, clientId: id, toneCode: `ACT-${i + 1}${n}`, mediaId: a.mediaId ?? null }));
  });
  await db.insert(manageActions).values(actionValues);

  // Locations with tone sequences: the codes are the media's, so a device hearing one gets content.
  const places = [
    { name: 'Aurora Cinemas Downtown', city: 'Springfield', country: 'US', latitude: 39.7817, longitude: -89.6501, client: 0 },
    { name: 'Cobalt Arena North Gate', city: 'Bristol', country: 'GB', latitude: 51.4545, longitude: -2.5879, client: 2 },
    { name: 'Fjord Museum Hall', city: 'Bergen', country: 'NO', latitude: 60.3913, longitude: 5.3221, client: 5 },
  ].filter((p) => seeds[p.client]);
  const locationRows = await db
    .insert(locations)
    .values(places.map(({ client, ...p }) => ({ ...p, address: `${p.name}, ${p.city}`, clientId: clientId(seeds[client]?.name ?? '') })))
    .returning({ id: locations.id });
  await db.insert(toneSequences).values(
    places.flatMap((p, l) =>
      [0, 1].map((n) => ({
        name: n === 0 ? 'Entrance chime' : 'Showcase loop',
        code: toneCode(p.client, n),
        locationId: locationRows[l]?.id as number,
      })),
    ),
  );

  // Bulk uploads: one completed, one partially failed with item errors (kept as the job leaves them).
  const first = clientId(seeds[0]?.name ?? '');
  const finishedAt = new Date();
  const [completed, partial] = await db
    .insert(bulkUploads)
    .values([
      {
        kind: 'demo-media',
        clientId: first,
        fileName: 'showroom-posters.zip',
        size: 48_213,
        mimeType: 'application/zip',
        status: 'completed',
        total: 2,
        done: 2,
        failed: 0,
        readComplete: true,
        startedAt: finishedAt,
        finishedAt,
      },
      {
        kind: 'manage-actions',
        clientId: first,
        fileName: 'actions.csv',
        size: 412,
        mimeType: 'text/csv',
        status: 'partially-failed',
        total: 3,
        done: 1,
        failed: 2,
        readComplete: true,
        readPosition: 4,
        startedAt: finishedAt,
        finishedAt,
      },
    ])
    .returning({ id: bulkUploads.id });
  if (!completed || !partial) return;
  await db.insert(bulkUploadItems).values([
    { uploadId: completed.id, item: 'poster-1.png', position: 1, status: 'done', attempts: 1 },
    { uploadId: completed.id, item: 'poster-2.png', position: 2, status: 'done', attempts: 1 },
    // A sheet's done rows are recorded by their actions alone; the ledger keeps its failed rows.
    {
      uploadId: partial.id,
      item: '3',
      position: 3,
      status: 'failed',
      attempts: 1,
      message: 'value: Enter a web address starting with http:// or https://',
      details: { errors: [{ column: 'value', message: 'Enter a web address starting with http:// or https://' }] },
    },
    {
      uploadId: partial.id,
      item: '4',
      position: 4,
      status: 'failed',
      attempts: 1,
      message: 'actionType: Choose a known action type',
      details: { errors: [{ column: 'actionType', message: 'Choose a known action type' }] },
    },
  ]);
}
