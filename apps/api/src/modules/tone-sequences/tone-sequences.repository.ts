import { type ToneSequence, toneSequencesResource } from '@console/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { locations, toneSequences, userRequests } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore, equalityFilters, isoTimestamps, listFrom, sortFieldsOf } from '../../lib/resource/index.js';

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
  ...isoTimestamps(r),
});

/** GET /tone-sequences (a location's, with ?locationId=) and its export. */
export const toneSequencesList = defineList({
  fields,
  from: listFrom(toneSequences, ['inner', locations, eq(locations.id, toneSequences.locationId)]),
  id: toneSequences.id,
  sortFields: sortFieldsOf(fields, toneSequencesResource.list.sortFields),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [toneSequences.name, toneSequences.code],
  toDto: toToneSequence,
});

export const toneSequenceListFilters = equalityFilters({ locationId: toneSequences.locationId, status: toneSequences.status });

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
