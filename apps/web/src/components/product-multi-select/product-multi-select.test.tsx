import '../data-table/test-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../data-table/test-utils';
import { type ProductGroup, ProductMultiSelect } from './product-multi-select';

const GROUPS: ProductGroup[] = [
  {
    value: 'tone-dashboard',
    label: 'Tones Portal',
    items: [
      { value: 'home', label: 'Home' },
      { value: 'locations', label: 'Locations' },
      { value: 'user-request', label: 'User Request' },
    ],
  },
  {
    value: 'demo-admin',
    label: 'Demo Admin',
    items: [
      { value: 'clients', label: 'Clients' },
      { value: 'demo-media', label: 'Demo Media', description: 'Images and videos' },
    ],
  },
  { value: 'aes', label: 'AES', items: [] },
];

function Harness({
  initial = [] as string[],
  onChange = vi.fn(),
  ...rest
}: {
  initial?: string[];
  onChange?: (v: string[]) => void;
  defaultExpanded?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ProductMultiSelect
      groups={GROUPS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      {...rest}
    />
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const onChange = vi.fn(props.onChange);
  renderWithMantine(<Harness {...props} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

const status = () => screen.getByRole('status');

describe('ProductMultiSelect', () => {
  it('counts selected products, item-less groups included', () => {
    setup({ initial: ['home', 'clients', 'unknown-extra'] });
    expect(status()).toHaveTextContent('2 of 6 products selected');
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
  });

  it('selects an item and shows the group as partially checked', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Locations' }));
    expect(onChange).toHaveBeenLastCalledWith(['locations']);
    expect(status()).toHaveTextContent('1 of 6 products selected');
    const group = screen.getByRole('checkbox', { name: 'Tones Portal' });
    expect(group).toBePartiallyChecked();
    expect(screen.getByLabelText('1 of 3 selected in Tones Portal')).toBeInTheDocument();
  });

  it('checks a whole group from its checkbox, and unchecks it again', async () => {
    const { user } = setup({ initial: ['home'] });
    const group = screen.getByRole('checkbox', { name: 'Tones Portal' });
    await user.click(group);
    expect(group).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'User Request' })).toBeChecked();
    await user.click(group);
    expect(group).not.toBeChecked();
    expect(status()).toHaveTextContent('0 of 6 products selected');
  });

  it('selects an item-less group as a product of its own', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'AES' }));
    expect(onChange).toHaveBeenLastCalledWith(['aes']);
  });

  it('selects all and clears all, keeping values it does not know', async () => {
    const { user, onChange } = setup({ initial: ['unknown-extra'] });
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(status()).toHaveTextContent('6 of 6 products selected');
    expect(new Set(onChange.mock.lastCall?.[0])).toEqual(
      new Set(['unknown-extra', 'home', 'locations', 'user-request', 'clients', 'demo-media', 'aes']),
    );
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(status()).toHaveTextContent('0 of 6 products selected');
    expect(onChange).toHaveBeenLastCalledWith(['unknown-extra']);
  });

  it('filters by the search box (item and group names, descriptions)', async () => {
    const { user } = setup();
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    expect(search).toHaveAttribute('placeholder', 'Search products...');
    await user.type(search, 'media');
    expect(screen.getByRole('checkbox', { name: /Demo Media/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Clients' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tones Portal' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'tones');
    const portal = screen.getByRole('group', { name: 'Tones Portal' });
    expect(within(portal).getAllByRole('checkbox')).toHaveLength(4);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No products match your search')).toBeInTheDocument();
  });

  it('selects only the matching products while a search is on', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'lo');
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(status()).toHaveTextContent('1 of 6 products selected');
    expect(screen.getByRole('checkbox', { name: 'Locations' })).toBeChecked();
  });

  it('expands and collapses one group and all groups', async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Collapse Tones Portal' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('checkbox', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand Tones Portal' })).toHaveAttribute('aria-expanded', 'false');
    // Clients still open.
    expect(screen.getByRole('checkbox', { name: 'Clients' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(screen.getByRole('checkbox', { name: 'Home' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(screen.queryByRole('checkbox', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Clients' })).not.toBeInTheDocument();
    // Group checkboxes stay usable while collapsed.
    await user.click(screen.getByRole('checkbox', { name: 'Demo Admin' }));
    expect(status()).toHaveTextContent('2 of 6 products selected');
  });

  it('can start collapsed', () => {
    setup({ defaultExpanded: false });
    expect(screen.queryByRole('checkbox', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand All' })).toBeInTheDocument();
  });
});
