import { type Location, PERMISSION_KEYS } from '@console/contract';
import { Stack } from '@mantine/core';
import { IconWaveSine } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DeleteTexts, ResourcePage, type RowAction, useResourceOptions } from '../../components/resource';
import { useCan } from '../../lib/permissions';
import { useQuery } from '../../lib/use-query';
import { deactivated, locationsApi, SEQUENCES_URL_PREFIX, selectedLocation } from './api/locations-api';
import { locationColumns } from './components/location-columns';
import { locationForm } from './components/location-forms';
import { ToneSequencesPanel } from './components/tone-sequences-panel';

/** /tone-dashboard/locations: locations with add, edit, delete, exports, and the chosen one's tone sequences (?location=id). */
export default function LocationsPage() {
  const [params, setParams] = useSearchParams();
  const canSequences = useCan(PERMISSION_KEYS.toneSequences.view);
  const canUpdate = useCan(PERMISSION_KEYS.locations.update);
  // User requests are history and cannot be deleted: a location that has them can only be
  // deactivated, so the refusal offers that (for holders of the update key).
  const deleteTexts = useMemo<DeleteTexts<Location>>(
    () => ({
      insteadOfDelete: canUpdate
        ? { label: 'Deactivate instead', run: async (l) => (await locationsApi.update({ id: l.id, body: deactivated(l) })).message }
        : undefined,
    }),
    [canUpdate],
  );
  const clients = useResourceOptions('clients', { fields: ['name'] });
  const form = useMemo(() => locationForm(clients.data ?? []), [clients.data]);
  const selected = selectedLocation(params);
  // Counts the user's "Tone sequences" clicks (also on the location already shown): each brings the panel into view.
  const [revealed, setRevealed] = useState(0);
  // Names of the rows seen, for the panel's title (null until the list's first page is shown).
  const [names, setNames] = useState<Record<number, string> | null>(null);
  const onPage = useCallback((rows: Location[]) => {
    setNames((prev) =>
      prev && rows.every((l) => prev[l.id] === l.name) ? prev : { ...prev, ...Object.fromEntries(rows.map((l) => [l.id, l.name])) },
    );
  }, []);
  // A location off the page shown (a shared link, a search that leaves it out) is read by id for its name; one
  // on the page is not read again.
  const listedName = selected ? names?.[selected] : undefined;
  const detail = useQuery({
    ...locationsApi.detailQueryOptions(selected ?? 0),
    enabled: Boolean(selected && canSequences && names && !listedName),
  });
  const locationName = listedName ?? detail.data?.name;
  const rowActions = useMemo<RowAction<Location>[]>(
    () =>
      canSequences
        ? [
            {
              label: 'Tone sequences',
              icon: <IconWaveSine size={18} stroke={1.7} aria-hidden />,
              onClick: (l) => {
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('location', String(l.id));
                  for (const key of [...next.keys()]) if (key.startsWith(SEQUENCES_URL_PREFIX)) next.delete(key);
                  return next;
                });
                setRevealed((n) => n + 1);
              },
              current: (l) => l.id === selected,
            },
          ]
        : [],
    [canSequences, setParams, selected],
  );

  return (
    <Stack gap="xl">
      <ResourcePage<Location>
        resourceApi={locationsApi}
        columns={locationColumns}
        form={form}
        rowActions={rowActions}
        onPage={onPage}
        deleteTexts={deleteTexts}
      />
      {selected && canSequences ? <ToneSequencesPanel locationId={selected} locationName={locationName} revealed={revealed} /> : null}
    </Stack>
  );
}
