import '../data-table/test-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, emulatePhoneWidth, renderWithMantine } from '../data-table/test-utils';
import { FilterBar, type FilterSelect } from './filter-bar';

const SELECTS: FilterSelect[] = [
  { name: 'status', label: 'Status', placeholder: 'Any status', options: [{ value: 'active', label: 'Active' }], width: 150 },
  { name: 'type', label: 'Type', placeholder: 'Any type', options: [{ value: 'demo', label: 'Demo' }], width: 150 },
];

function Bar({ selects = SELECTS, initial = {} }: { selects?: FilterSelect[]; initial?: Record<string, string | undefined> }) {
  const [values, setValues] = useState(initial);
  return (
    <FilterBar
      selects={selects}
      values={values}
      onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      onClear={() => setValues({})}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('FilterBar on a phone', () => {
  it('folds two or more filters behind a Filters button that counts the set ones', async () => {
    emulatePhoneWidth();
    const { container } = renderWithMantine(<Bar initial={{ status: 'active' }} />);
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    // Clearing needs no unfolding.
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', group.id);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Demo' }));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('leaves a single filter in view', () => {
    emulatePhoneWidth();
    renderWithMantine(<Bar selects={SELECTS.slice(0, 1)} />);
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });

  it('shows every filter on a wider screen', () => {
    emulatePhoneWidth(1024);
    renderWithMantine(<Bar />);
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
  });
});
