import { RESOURCES, type ResourceName } from '@console/contract';
import type { FilterSelect } from './filter-bar';

type Loaded = { data?: readonly { value: string; label: string }[]; isError: boolean };

/**
 * A filter-bar select whose choices are another resource's options (a client's company, a
 * request's location): labelled by that resource, 'All <plural>' when empty, '<Plural>
 * unavailable' when the user may not read them, '<Singular> #id' for a value not loaded.
 */
export function optionsFilterSelect(
  field: string,
  resource: ResourceName,
  options: Loaded,
  overrides: Partial<FilterSelect> & Pick<FilterSelect, 'width'>,
): FilterSelect {
  const { singular, plural } = RESOURCES[resource].label;
  return {
    name: field,
    label: singular,
    placeholder: `All ${plural.toLowerCase()}`,
    options: options.data ?? [],
    searchable: true,
    unavailable: options.isError && `${plural} unavailable`,
    missingLabel: (id) => `${singular} #${id}`,
    ...overrides,
  };
}
