import { Select } from '@mantine/core';
import type { MediaClientOption } from './media-client-options';

/** The client whose media the page lists (kept in the URL by the page); clearing it lists every client's media. */
export function ClientPicker({
  clients,
  value,
  onChange,
  loading,
  failed,
}: {
  clients: MediaClientOption[];
  value: number | undefined;
  onChange: (clientId: string | null) => void;
  loading: boolean;
  failed: boolean;
}) {
  const data = clients.map((c) => ({ value: String(c.id), label: c.name }));
  if (value && !data.some((o) => o.value === String(value))) data.push({ value: String(value), label: `Client #${value}` });
  return (
    <Select
      label="Client"
      placeholder={failed ? 'Clients unavailable' : loading ? 'Loading clients…' : 'All clients'}
      data={data}
      value={value ? String(value) : null}
      onChange={onChange}
      clearable
      searchable
      nothingFoundMessage="No client matches"
      w={{ base: '100%', xs: 280 }}
      size="sm"
    />
  );
}
