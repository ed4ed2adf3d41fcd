import type { ToneSequence } from '@console/contract';
import { useEffect, useMemo, useRef } from 'react';
import { ResourcePage } from '../../../components/resource';
import { SEQUENCES_URL_PREFIX, sequenceFilters, toneSequencesApi } from '../api/locations-api';
import { toneSequenceColumns } from './location-columns';
import { toneSequenceForm } from './location-forms';

type PanelProps = {
  locationId: number;
  locationName?: string;
  /** Changes each time the user asks for a location's sequences: the panel is then brought into view. */
  revealed?: number;
};

/** One location's tone sequences: list, add, edit, delete and exports, its table state under 'ts.' in the URL. */
export function ToneSequencesPanel({ locationId, locationName, revealed }: PanelProps) {
  const filters = useMemo(() => sequenceFilters(locationId), [locationId]);
  const form = useMemo(() => toneSequenceForm(locationId), [locationId]);
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!revealed) return;
    // The panel opens under the locations table: on a phone, or below ten rows, it starts under
    // the fold and the row button seemed to do nothing. Scroll the least that shows it, and move
    // focus to its heading so a screen reader says what opened and Tab goes on into its table.
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [revealed]);
  return (
    // Clear of the fixed header when the panel is scrolled to its top.
    <div ref={panel} style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))' }}>
      <ResourcePage<ToneSequence>
        headingRef={heading}
        resourceApi={toneSequencesApi}
        title={locationName ? `Tone sequences of ${locationName}` : 'Tone sequences'}
        description="The codes devices hear at this location; each code is unique across all locations."
        searchPlaceholder="Search by name or code…"
        columns={toneSequenceColumns}
        form={form}
        filters={filters}
        urlPrefix={SEQUENCES_URL_PREFIX}
      />
    </div>
  );
}
