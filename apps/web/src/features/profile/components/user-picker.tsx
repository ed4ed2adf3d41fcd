import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useAbout } from '../api/get-about';
import { useUserSearch } from '../../../components/resource';

type Props = {
  /** The user whose rows are shown. */
  value: number | undefined;
  ownId: number | undefined;
  ownName: string;
  /** A super admin may read anyone's about (the label of a user picked by URL). */
  canReadOthers: boolean;
  onChange: (userId: number | null) => void;
};

const SEARCH_DELAY_MS = 300;

/**
 * Searchable user select over GET /users (server-side search, so it scales past a page of
 * users). The picked user's name comes from the search results or, after a reload, from
 * their about record.
 */
export function UserPicker({ value, ownId, ownName, canReadOthers, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [labels, setLabels] = useState<Map<number, string>>(() => new Map());
  // Typing searches; the label Mantine writes into the box after a pick does not.
  const selectedLabel = value === undefined ? '' : value === ownId ? `${ownName} (you)` : labels.get(value);
  const term = search === selectedLabel ? '' : search;
  const [debounced] = useDebouncedValue(term, SEARCH_DELAY_MS);
  const users = useUserSearch(debounced, opened);
  const picked = useAbout(value, { enabled: canReadOthers && value !== undefined && value !== ownId && !labels.has(value) });

  const data = useMemo(() => {
    const options = new Map<string, string>();
    if (ownId !== undefined) options.set(String(ownId), `${ownName} (you)`);
    if (value !== undefined && value !== ownId) {
      const name =
        labels.get(value) ?? (picked.data ? `${picked.data.firstname} ${picked.data.lastname} (${picked.data.email})` : `User #${value}`);
      options.set(String(value), name);
    }
    for (const u of users.data ?? []) if (u.id !== ownId) options.set(String(u.id), `${u.firstname} ${u.lastname} (${u.email})`);
    return [...options].map(([v, label]) => ({ value: v, label }));
  }, [ownId, ownName, value, labels, picked.data, users.data]);

  return (
    <Select
      label="User"
      description="Whose records to show"
      placeholder="Search users..."
      w={{ base: '100%', sm: 360 }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // The server already searched; Mantine must not filter again by the typed text.
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No users found'}
      leftSection={<IconSearch size={16} aria-hidden />}
      data={data}
      value={value === undefined ? null : String(value)}
      allowDeselect={false}
      onChange={(next, option) => {
        if (!next) return;
        if (option) setLabels((prev) => new Map(prev).set(Number(next), option.label));
        onChange(Number(next));
      }}
    />
  );
}
