import './test-setup';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../form-builder/form-builder';
import { ProductMultiSelect } from '../product-multi-select/product-multi-select';
import { DataTable } from './data-table';
import { axeViolations, renderWithMantine, renderWithRouter } from './test-utils';

async function violations(container: HTMLElement) {
  return (await axeViolations(container)).map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('accessibility (axe, structural rules)', () => {
  it('data table with selection, exports and rows', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` }));
    const { container } = renderWithRouter(
      <DataTable
        tableId="a11y"
        userId={1}
        label="Users"
        columns={[{ accessor: 'name', title: 'Name' }]}
        queryKey={['a11y']}
        queryFn={async () => ({ data: rows, total: 3, totalPages: 1 })}
        onBulkDelete={async () => {}}
        onConfirmDelete={async () => true}
        exports={{ onExport: async () => {} }}
      />,
    );
    await screen.findByText('User 3');
    expect(await violations(container)).toEqual([]);
  });

  it('the open column chooser menu (only menu items inside role=menu)', async () => {
    renderWithRouter(
      <DataTable
        tableId="a11y-columns"
        userId={1}
        label="Users"
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'email', title: 'Email' },
        ]}
        queryKey={['a11y-columns']}
        queryFn={async () => ({ data: [{ id: 1, name: 'A', email: 'a@x.example' }], total: 1, totalPages: 1 })}
      />,
    );
    await screen.findByText('A');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    await screen.findByRole('menuitemcheckbox', { name: 'Email' });
    expect(menu.querySelector('[role="presentation"]')).toBeNull();
    expect(await violations(menu)).toEqual([]);
  });

  it('form builder with every field type', async () => {
    const { container } = renderWithMantine(
      <FormBuilder
        aria-label="Everything"
        onSubmit={() => {}}
        fields={[
          { name: 'a', label: 'Text', type: 'text', required: true, showHelp: true },
          { name: 'b', label: 'Email', type: 'email' },
          { name: 'c', label: 'Password', type: 'password' },
          { name: 'd', label: 'Number', type: 'number' },
          { name: 'e', label: 'Textarea', type: 'textarea' },
          { name: 'f', label: 'Select', type: 'select', options: ['x', 'y'] },
          { name: 'g', label: 'Multi', type: 'multiselect', options: ['x', 'y'] },
          { name: 'h', label: 'Check', type: 'checkbox', required: true },
          { name: 'i', label: 'Switch', type: 'switch' },
          { name: 'j', label: 'Radio', type: 'radio', options: ['x', 'y'] },
          { name: 'k', label: 'Date', type: 'date' },
          { name: 'l', label: 'Colour', type: 'color' },
          { name: 'm', label: 'File', type: 'file' },
        ]}
        initialValues={{ m: 'profiles/me.png' }}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });

  it('product multi-select', async () => {
    const { container } = renderWithMantine(
      <ProductMultiSelect
        groups={[
          {
            value: 'g',
            label: 'Group',
            items: [
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ],
          },
        ]}
        value={['a']}
        onChange={() => {}}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });
});
