import { ActionIcon, Box, Button, Checkbox, Fieldset, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';

export interface ProductItem {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

/** A group (e.g. a module) and its items (e.g. its menus). A group without items is itself selectable. */
export interface ProductGroup {
  value: string;
  label: string;
  description?: string;
  items: readonly ProductItem[];
  disabled?: boolean;
}

export interface ProductMultiSelectProps {
  groups: readonly ProductGroup[];
  /** Selected item values (and values of item-less groups). Values not in `groups` are kept untouched. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Legend of the fieldset; default 'Products'. */
  label?: string;
  disabled?: boolean;
  /** Groups open at first; default true (all). */
  defaultExpanded?: boolean;
  error?: string;
  /** Scroll the list beyond this height; default 420. */
  maxHeight?: number | string;
}

interface Leaf {
  value: string;
  disabled: boolean;
}

/** Items of a group, or the group itself when it has none. */
function leavesOf(group: ProductGroup): Leaf[] {
  if (group.items.length === 0) return [{ value: group.value, disabled: Boolean(group.disabled) }];
  return group.items.map((i) => ({ value: i.value, disabled: Boolean(group.disabled || i.disabled) }));
}

function matches(text: string | undefined, needle: string) {
  return Boolean(text?.toLowerCase().includes(needle));
}

/** The product multi-select of spec s.2: grouped checklist with counts, select/clear all, expand/collapse and a filter. */
export function ProductMultiSelect({
  groups,
  value,
  onChange,
  label = 'Products',
  disabled = false,
  defaultExpanded = true,
  error,
  maxHeight = 420,
}: ProductMultiSelectProps) {
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(defaultExpanded ? groups.map((g) => g.value) : []));
  const selected = useMemo(() => new Set(value), [value]);
  const needle = search.trim().toLowerCase();

  const allLeaves = useMemo(() => {
    const seen = new Map<string, Leaf>();
    for (const group of groups) for (const leaf of leavesOf(group)) if (!seen.has(leaf.value)) seen.set(leaf.value, leaf);
    return [...seen.values()];
  }, [groups]);

  // While searching: a group whose name matches shows all its items, otherwise only matching items.
  const visibleGroups = useMemo(() => {
    if (!needle) return groups.map((group) => ({ group, items: group.items }));
    return groups.flatMap((group) => {
      if (matches(group.label, needle) || matches(group.description, needle)) return [{ group, items: group.items }];
      const items = group.items.filter((i) => matches(i.label, needle) || matches(i.description, needle));
      return items.length > 0 ? [{ group, items }] : [];
    });
  }, [groups, needle]);

  const visibleLeaves = useMemo(() => {
    if (!needle) return allLeaves;
    return visibleGroups.flatMap(({ group, items }) =>
      group.items.length === 0 ? leavesOf(group) : items.map((i) => ({ value: i.value, disabled: Boolean(group.disabled || i.disabled) })),
    );
  }, [allLeaves, visibleGroups, needle]);

  const selectedCount = allLeaves.filter((l) => selected.has(l.value)).length;
  const expandable = groups.filter((g) => g.items.length > 0);
  const allExpanded = expandable.every((g) => expanded.has(g.value));

  const emit = (next: Set<string>) => onChange([...next]);
  const setMany = (leaves: readonly Leaf[], on: boolean) => {
    const next = new Set(selected);
    for (const leaf of leaves) {
      if (leaf.disabled) continue;
      if (on) next.add(leaf.value);
      else next.delete(leaf.value);
    }
    emit(next);
  };
  const toggleOne = (itemValue: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(itemValue);
    else next.delete(itemValue);
    emit(next);
  };
  const toggleExpanded = (groupValue: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(groupValue)) next.delete(groupValue);
      else next.add(groupValue);
      return next;
    });

  return (
    <Fieldset legend={label} disabled={disabled} aria-describedby={error ? `${baseId}-error` : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={500} role="status" aria-live="polite">
            {`${selectedCount} of ${allLeaves.length} products selected`}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setMany(visibleLeaves, true)} disabled={disabled}>
              Select All
            </Button>
            <Button size="xs" variant="default" onClick={() => setMany(visibleLeaves, false)} disabled={disabled}>
              Clear All
            </Button>
            {expandable.length > 0 ? (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setExpanded(allExpanded ? new Set() : new Set(expandable.map((g) => g.value)))}
              >
                {allExpanded ? 'Collapse All' : 'Expand All'}
              </Button>
            ) : null}
          </Group>
        </Group>

        <TextInput
          type="search"
          aria-label="Search products"
          placeholder="Search products..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />

        <ScrollArea.Autosize mah={maxHeight} type="auto">
          <Stack gap="xs">
            {visibleGroups.length === 0 ? (
              <Text size="sm" c="dimmed">
                No products match your search
              </Text>
            ) : null}
            {visibleGroups.map(({ group, items }, index) => {
              const groupId = `${baseId}-g${index}`;
              const leaves = leavesOf(group);
              const count = leaves.filter((l) => selected.has(l.value)).length;
              const isOpen = Boolean(needle) || expanded.has(group.value);
              const hasItems = group.items.length > 0;
              return (
                <Box key={group.value} role="group" aria-label={group.label}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap={4} wrap="nowrap">
                      {hasItems ? (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${group.label}`}
                          aria-expanded={isOpen}
                          aria-controls={`${groupId}-items`}
                          onClick={() => toggleExpanded(group.value)}
                          // While searching, matching groups stay open.
                          disabled={Boolean(needle)}
                        >
                          {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
                        </ActionIcon>
                      ) : (
                        <Box w={22} aria-hidden />
                      )}
                      <Checkbox
                        label={group.label}
                        description={group.description}
                        checked={count > 0 && count === leaves.length}
                        indeterminate={count > 0 && count < leaves.length}
                        disabled={disabled || group.disabled}
                        onChange={() => setMany(leaves, count < leaves.length)}
                        fw={500}
                      />
                    </Group>
                    {hasItems ? (
                      <Text size="xs" c="dimmed" aria-label={`${count} of ${leaves.length} selected in ${group.label}`}>
                        {count}/{leaves.length}
                      </Text>
                    ) : null}
                  </Group>
                  {hasItems && isOpen ? (
                    <Stack id={`${groupId}-items`} gap={6} pl={48} pt={6}>
                      {items.map((item) => (
                        <Checkbox
                          key={item.value}
                          label={item.label}
                          description={item.description}
                          checked={selected.has(item.value)}
                          disabled={disabled || group.disabled || item.disabled}
                          onChange={(e) => toggleOne(item.value, e.currentTarget.checked)}
                        />
                      ))}
                    </Stack>
                  ) : null}
                </Box>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        {error ? (
          <Text size="sm" c="red" id={`${baseId}-error`} role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
