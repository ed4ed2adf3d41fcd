import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from './list-query';

export interface SearchBoxProps {
  /** The committed search (from the URL). */
  value: string;
  /** Called after the user pauses typing, on Enter, on leaving the box, and on clear. */
  onSearch: (search: string) => void;
  label?: string;
  placeholder?: string;
  debounceMs?: number;
}

/** A debounced search input: typing stays local, only pauses reach the URL and the server. */
export function SearchBox({ value, onSearch, label = 'Search', placeholder = 'Search...', debounceMs = 300 }: SearchBoxProps) {
  const [input, setInput] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward changes the URL under us: show what the list is filtered by.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      clearTimeout(timer.current);
      setInput(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (raw: string) => {
    clearTimeout(timer.current);
    const next = raw.trim();
    if (next === committed.current) return;
    committed.current = next;
    onSearch(next);
  };

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      maxLength={SEARCH_MAX_LENGTH}
      value={input}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        input ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setInput('');
              commit('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        const next = event.currentTarget.value;
        setInput(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), debounceMs);
      }}
      // Leaving the box (clicking a row link, another control, tabbing away) commits what was
      // typed at once: a commit still pending after a click on a link would navigate again and
      // cancel that link, or rewrite the next page's URL with this list's parameters.
      onBlur={() => commit(input)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(input);
        }
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
