import type { ToneSequence } from '@console/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { locations, toneSequences, userRequests } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore } from '../../lib/resource/index.js';

const fields = {
  id: toneSequences.id,
  name: toneSequences.name,
  code: toneSequences.code,
  locationId: toneSequences.locationId,
  locationName: locations.name,
  status: toneSequences.status,
  createdAt: toneSequences.createdAt,
  updatedAt: toneSequences.updatedAt,
};

const toToneSequence = (r: SelectResultFields<typeof fields>): ToneSequence => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /tone-sequences (a location's, with ?locationId=) and its export. */
export const toneSequencesList = defineList({
  fields,
  from: (db, f) => db.select(f).from(toneSequences).innerJoin(locations, eq(locations.id, toneSequences.locationId)).$dynamic(),
  id: toneSequences.id,
  sortFields: {
    id: toneSequences.id,
    name: toneSequences.name,
    code: toneSequences.code,
    locationName: locations.name,
    status: toneSequences.status,
    createdAt: toneSequences.createdAt,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [toneSequences.name, toneSequences.code],
  toDto: toToneSequence,
});

export const toneSequenceListFilters = (q: { locationId?: number; status?: 'active' | 'inactive' }) => [
  q.locationId ? eq(toneSequences.locationId, q.locationId) : undefined,
  q.status ? eq(toneSequences.status, q.status) : undefined,
];

/** Name unique per location (ignoring case); a sequence with user requests is in use. */
export const toneSequencesStore = defineStore({
  table: toneSequences,
  id: toneSequences.id,
  list: toneSequencesList,
  uniqueName: toneSequences.name,
  uniqueScope: (v) => eq(toneSequences.locationId, v.locationId as number),
  usages: [{ table: userRequests, column: userRequests.toneSequenceId }],
});

/** Codes are unique across all locations: a device hears the code, not the place. */
export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: toneSequences.id })
    .from(toneSequences)
    .where(and(eq(toneSequences.code, code), exceptId ? ne(toneSequences.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function locationExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1)).length > 0;
}
