import { PERMISSION_KEYS } from '@console/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useCan } from '../../lib/permissions';
import { useUserSearch } from './user-search';

const SEARCH_DELAY_MS = 300;

type Props = {
  label: string;
  value: number | undefined;
  onChange: (userId: number | undefined) => void;
  /** The name of a chosen user the search has not brought (a value from the URL), e.g. from the rows shown. */
  knownName?: (userId: number) => string | undefined;
  w?: number | string | Record<string, number | string>;
};

const nameOf = (u: { firstname: string; lastname: string; email: string }) => `${u.firstname} ${u.lastname} (${u.email})`;

/**
 * A list filter over users, searched on the server (GET /users?search=, so it scales past a page
 * of users); needs users.view, and says 'Users unavailable' without it. A chosen id the search
 * has not brought shows by `knownName`, else as 'User #id'.
 */
export function UserFilterSelect({ label, value, onChange, knownName, w }: Props) {
  const canSearch = useCan(PERMISSION_KEYS.users.view);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<Map<number, string>>(() => new Map());
  const selectedLabel = value === undefined ? '' : (picked.get(value) ?? knownName?.(value) ?? `User #${value}`);
  // Typing searches; the label Mantine writes into the box after a pick does not.
  const term = search === selectedLabel ? '' : search;
  const [debounced] = useDebouncedValue(term, SEARCH_DELAY_MS);
  const users = useUserSearch(debounced, opened && canSearch);

  const data = useMemo(() => {
    const options = new Map<string, string>();
    if (value !== undefined) options.set(String(value), selectedLabel);
    for (const u of users.data ?? []) options.set(String(u.id), nameOf(u));
    return [...options].map(([v, text]) => ({ value: v, label: text }));
  }, [value, selectedLabel, users.data]);

  return (
    <Select
      label={label}
      placeholder={canSearch ? 'Anyone' : 'Users unavailable'}
      disabled={!canSearch && value === undefined}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // The server already searched; Mantine must not filter again by the typed text.
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No users found'}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next, option) => {
        if (next && option) setPicked((prev) => new Map(prev).set(Number(next), option.label));
        onChange(next ? Number(next) : undefined);
      }}
      w={w ?? { base: '100%', xs: 260 }}
      size="sm"
    />
  );
}
