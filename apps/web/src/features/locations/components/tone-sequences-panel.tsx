import type { ToneSequence } from '@console/contract';
import { useMemo } from 'react';
import { ResourcePage } from '../../../components/resource';
import { SEQUENCES_URL_PREFIX, sequenceFilters, toneSequencesApi } from '../api/locations-api';
import { toneSequenceColumns } from './location-columns';
import { toneSequenceForm } from './location-forms';

/** One location's tone sequences: list, add, edit, delete and exports, its table state under 'ts.' in the URL. */
export function ToneSequencesPanel({ locationId, locationName }: { locationId: number; locationName?: string }) {
  const filters = useMemo(() => sequenceFilters(locationId), [locationId]);
  const form = useMemo(() => toneSequenceForm(locationId), [locationId]);
  return (
    <ResourcePage<ToneSequence>
      resourceApi={toneSequencesApi}
      title={locationName ? `Tone sequences of ${locationName}` : 'Tone sequences'}
      description="The codes devices hear at this location; each code is unique across all locations."
      searchPlaceholder="Search by name or code…"
      columns={toneSequenceColumns}
      form={form}
      filters={filters}
      urlPrefix={SEQUENCES_URL_PREFIX}
    />
  );
}
