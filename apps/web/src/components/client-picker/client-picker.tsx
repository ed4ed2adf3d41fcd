import { type Client, clientsResource } from '@console/contract';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { createResourceApi } from '../resource';
import { readClientIdParam } from './client-id-param';

export type ClientOption = Pick<Client, 'id' | 'name' | 'type' | 'status'>;

const clients = createResourceApi<Client>(clientsResource);

/**
 * Every client (by name) for pickers: the media, manage-actions and location screens. Its own
 * projection key, so it never shares a cache entry with the clients screen's rows.
 */
export const useClientOptions = () =>
  useQuery(clients.optionsQueryOptions('id-name-type-status', ({ id, name, type, status }): ClientOption => ({ id, name, type, status })));

/** `?clientId=` of the current URL; choosing another client sends the table back to its first page. */
export function useClientIdParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const clientId = readClientIdParam(params);
  const setClientId = useCallback(
    (id: number | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('clientId', String(id));
        else next.delete('clientId');
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  return [clientId, setClientId];
}

export type ClientPickerProps = {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label?: string;
  /** Shown when nothing is chosen (clearable pickers: what "no client" means here). */
  placeholder?: string;
  /** Only clients these types suit (e.g. demo media: demo and both). */
  types?: readonly Client['type'][];
  clearable?: boolean;
  w?: number | string | Record<string, number | string>;
};

/** A searchable select of the clients; a chosen id the list does not hold (yet) still shows. */
export function ClientPicker({ value, onChange, label = 'Client', placeholder, types, clearable = true, w }: ClientPickerProps) {
  const options = useClientOptions();
  const data = (options.data ?? [])
    .filter((c) => !types || types.includes(c.type))
    .map((c) => ({ value: String(c.id), label: c.status === 'active' ? c.name : `${c.name} (inactive)` }));
  if (value && !data.some((o) => o.value === String(value))) data.push({ value: String(value), label: `Client #${value}` });
  return (
    <Select
      label={label}
      placeholder={options.isError ? 'Clients unavailable' : (placeholder ?? 'Choose a client')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      clearable={clearable}
      // A picker that may not be emptied must not be emptied by re-picking its value either.
      allowDeselect={clearable}
      searchable
      nothingFoundMessage="No client found"
      w={w ?? { base: '100%', xs: 280 }}
      size="sm"
    />
  );
}
