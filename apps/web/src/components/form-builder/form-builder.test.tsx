import '../data-table/test-setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithMantine } from '../data-table/test-utils';
import { FormBuilder, type FormBuilderProps } from './form-builder';
import type { CustomFieldProps, FormField } from './types';

const FIELDS: FormField[] = [
  { name: 'firstname', label: 'First name', type: 'text', required: true, placeholder: 'Ann' },
  { name: 'email', label: 'Email', type: 'email', required: true, showHelp: true, helpUrl: '/docs/users#email' },
  { name: 'age', label: 'Age', type: 'number', min: 0, max: 120 },
  { name: 'bio', label: 'Bio', type: 'textarea' },
  { name: 'color', label: 'Primary colour', type: 'color' },
];

const SCHEMA = z.object({
  firstname: z.string().trim().min(1, 'First name is required'),
  email: z.string().min(1, 'Email is required').email('Invalid email address'),
  age: z.number().int().optional(),
  bio: z.string().optional(),
  color: z.string().optional(),
});

function setup(props: Partial<FormBuilderProps> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const utils = renderWithMantine(
    <FormBuilder fields={FIELDS} schema={SCHEMA} submitLabel="Save" {...props} onSubmit={onSubmit} aria-label="User form" />,
  );
  return { ...utils, onSubmit: onSubmit as ReturnType<typeof vi.fn>, user: userEvent.setup() };
}

function Stars({ value, onChange, id }: CustomFieldProps) {
  return (
    <button type="button" id={id} onClick={() => onChange(Number(value ?? 0) + 1)}>
      stars: {String(value ?? 0)}
    </button>
  );
}

const ERRORS = { bio: 'Too long' };
function Parent() {
  const [, setRenders] = useState(0);
  // A new fields array on every render, as callers often write it.
  return <FormBuilder fields={[...FIELDS]} errors={ERRORS} onSubmit={vi.fn()} onValuesChange={() => setRenders((n) => n + 1)} />;
}

describe('FormBuilder: rendering', () => {
  it('turns native validation off and marks required fields', () => {
    setup();
    const form = screen.getByRole('form', { name: 'User form' });
    expect(form).toHaveAttribute('novalidate');
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAttribute('placeholder', 'Ann');
    expect(screen.getByRole('textbox', { name: /^Bio/ })).not.toBeRequired();
    // The visible asterisk of the required label.
    expect(screen.getByText('First name').closest('label')).toHaveTextContent('*');
  });

  it('gives the textarea 4 rows unless told otherwise', () => {
    setup({ fields: [...FIELDS, { name: 'notes', label: 'Notes', type: 'textarea', rows: 8 }] });
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAttribute('rows', '4');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '8');
  });

  it('shows a help link with a name that opens the docs in a new tab', () => {
    setup({ fields: [...FIELDS, { name: 'phone', label: 'Phone', type: 'text', showHelp: true }] });
    const help = screen.getByRole('link', { name: 'Help for Email (opens in a new tab)' });
    expect(help).toHaveAttribute('href', '/docs/users#email');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: /Help for Phone/ })).toHaveAttribute('href', '/docs');
    expect(screen.queryByRole('link', { name: /Help for Bio/ })).not.toBeInTheDocument();
  });

  it('keeps the field help icons clickable but out of the Tab order; one help link per form takes the keyboard', async () => {
    const { user } = setup({
      fields: [...FIELDS, { name: 'phone', label: 'Phone', type: 'text', showHelp: true, helpUrl: '/docs/users#phone' }],
    });
    for (const name of [/Help for Email/, /Help for Phone/]) expect(screen.getByRole('link', { name })).toHaveAttribute('tabindex', '-1');
    const formHelp = screen.getByRole('link', { name: 'Help with this form (opens in a new tab)' });
    expect(formHelp).toHaveAttribute('href', '/docs/users');
    expect(formHelp).toHaveAttribute('target', '_blank');
    // Tabbing through the whole form never lands on a field help icon.
    const visited: Element[] = [];
    for (let i = 0; i < 12; i++) {
      await user.tab();
      if (document.activeElement) visited.push(document.activeElement);
    }
    expect(visited.some((el) => el.getAttribute('aria-label')?.startsWith('Help for'))).toBe(false);
    expect(visited).toContain(formHelp);
  });

  it('shows no form help link when no field has help', () => {
    setup({ fields: FIELDS.map((f) => ({ ...f, showHelp: false })) });
    expect(screen.queryByRole('link', { name: /Help with this form/ })).not.toBeInTheDocument();
  });

  it('renders select, multiselect, radio, checkbox, switch, date, password and custom fields', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({
      schema: undefined,
      onSubmit,
      initialValues: { roleId: 2, agree: false },
      fields: [
        {
          name: 'roleId',
          label: 'Role',
          type: 'select',
          options: [
            { value: 1, label: 'Admin' },
            { value: 2, label: 'Editor' },
          ],
        },
        { name: 'tags', label: 'Tags', type: 'multiselect', options: ['red', 'blue'] },
        { name: 'kind', label: 'Kind', type: 'radio', options: [{ value: 'demo', label: 'Demo', description: 'Try it' }, 'live'] },
        { name: 'agree', label: 'Agree', type: 'checkbox', required: true },
        { name: 'active', label: 'Active', type: 'switch' },
        { name: 'start', label: 'Start', type: 'date', min: '2024-01-01' },
        { name: 'password', label: 'Password', type: 'password' },
        { name: 'rating', label: 'Rating', type: 'custom', component: Stars },
      ],
    });
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Editor');
    expect(screen.getByRole('radio', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.getByText('Try it')).toBeInTheDocument();
    expect(screen.getByLabelText('Start')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Start')).toHaveAttribute('min', '2024-01-01');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');

    // Required checkbox without a schema: the built-in required check speaks.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agree is required')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Agree/ })).toHaveFocus();

    await user.click(screen.getByRole('checkbox', { name: /Agree/ }));
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('radio', { name: 'live' }));
    await user.click(screen.getByRole('button', { name: 'stars: 0' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ roleId: 2, agree: true, active: true, kind: 'live', rating: 1, tags: [] });
  });

  it('maps a picked select option back to its numeric value', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({
      schema: undefined,
      onSubmit,
      fields: [
        {
          name: 'roleId',
          label: 'Role',
          type: 'select',
          options: [
            { value: 1, label: 'Admin' },
            { value: 2, label: 'Editor' },
          ],
        },
      ],
    });
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ roleId: 1 })));
  });

  it('keeps a required select value when the chosen option is picked again; an optional one may still be deselected', async () => {
    const onSubmit = vi.fn();
    const options = [
      { value: 'open-url', label: 'Open URL' },
      { value: 'call', label: 'Call' },
    ];
    const { user } = setup({
      schema: undefined,
      onSubmit,
      fields: [
        { name: 'actionType', label: 'Action type', type: 'select', required: true, options },
        { name: 'fallback', label: 'Fallback', type: 'select', options },
      ],
    });
    const repick = async (name: string) => {
      for (let i = 0; i < 2; i += 1) {
        await user.click(screen.getByRole('combobox', { name }));
        await user.click(await screen.findByRole('option', { name: 'Call' }));
      }
    };
    await repick('Action type');
    await repick('Fallback');
    expect(screen.getByRole('combobox', { name: 'Action type' })).toHaveValue('Call');
    expect(screen.getByRole('combobox', { name: 'Fallback' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ actionType: 'call' })));
  });
});

describe('FormBuilder: validation and errors', () => {
  it('shows zod errors, focuses the first, and does not submit', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('words an empty required field from the other values when told to (a manage-action value named by its type)', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({
      schema: undefined,
      onSubmit,
      fields: [
        { name: 'kind', label: 'Kind', type: 'radio', options: ['url', 'phone'] },
        {
          name: 'value',
          label: 'Value',
          type: 'text',
          required: true,
          requiredMessage: (v) => (v.kind === 'phone' ? 'Enter a phone number' : 'Enter a web address'),
        },
      ],
      initialValues: { kind: 'url', value: '' },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a web address')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'phone' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a phone number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a field error when that field is edited', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'A');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    // Other errors stay until their own field is edited.
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('shows server fieldErrors and focuses the first field (in form order) that has one', async () => {
    const onSubmit = vi.fn(async () => ({
      success: false,
      message: 'Please check the highlighted fields',
      fieldErrors: { color: 'Enter a colour like #143f6f', email: 'Email already in use' },
    }));
    const { user } = setup({ onSubmit });
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email already in use')).toBeInTheDocument();
    expect(screen.getByText('Enter a colour like #143f6f')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ firstname: 'Ann', email: 'ann@example.com' }));
  });

  it('reads fieldErrors from a thrown API error too', async () => {
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error('Validation failed'), {
        body: { success: false, message: 'x', code: 'VALIDATION', fieldErrors: { firstname: 'Taken' } },
      });
    });
    const { user } = setup({ onSubmit, initialValues: { firstname: 'Ann', email: 'a@b.co' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus();
  });

  it('shows a non-field failure above the form', async () => {
    const onSubmit = vi.fn(async () => ({ success: false, message: 'Error adding user' }));
    const { user } = setup({ onSubmit, initialValues: { firstname: 'Ann', email: 'a@b.co' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error adding user');
  });

  it('shows errors passed by the caller and focuses the first', async () => {
    const { rerender } = setup();
    rerender(<FormBuilder fields={FIELDS} schema={SCHEMA} onSubmit={vi.fn()} errors={{ bio: 'Too long', age: 'Too old' }} />);
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveFocus();
  });
});

describe('FormBuilder: caller errors with an inline fields array', () => {
  it("does not bring an edited field's error back when the parent re-renders", async () => {
    renderWithMantine(<Parent />);
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Bio' }), 'x');
    expect(screen.queryByText('Too long')).not.toBeInTheDocument();
  });
});

describe('FormBuilder: inputs', () => {
  it('prepends # to a colour typed without it', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({ onSubmit, initialValues: { firstname: 'Ann', email: 'a@b.co' } });
    const color = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.type(color, 'ff0000');
    expect(color).toHaveValue('#ff0000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ color: '#ff0000' })));
  });

  it('keeps a colour that already has #', async () => {
    const { user } = setup();
    const color = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.type(color, '#00ff00');
    expect(color).toHaveValue('#00ff00');
  });

  it('ignores the mouse wheel on number inputs', async () => {
    const { user } = setup({ initialValues: { age: 30 } });
    const age = screen.getByRole('textbox', { name: 'Age' });
    await user.click(age);
    expect(age).toHaveFocus();
    fireEvent.wheel(age, { deltaY: -100 });
    expect(age).not.toHaveFocus();
    expect(age).toHaveValue('30');
  });

  it('submits numbers as numbers', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({ onSubmit, initialValues: { firstname: 'Ann', email: 'a@b.co' } });
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ age: 42 })));
  });

  it("shows 'Submitting...' while the submit runs, and when loading", async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, rerender } = setup({ onSubmit, initialValues: { firstname: 'Ann', email: 'a@b.co' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    rerender(<FormBuilder fields={FIELDS} schema={SCHEMA} onSubmit={onSubmit} submitLabel="Save" loading />);
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });
});

describe('FormBuilder: files', () => {
  const fileField = (extra: Partial<FormField> = {}): FormField[] => [{ name: 'profile', label: 'Profile image', type: 'file', ...extra }];
  const input = (container: HTMLElement) => container.querySelector('input[type=file]') as HTMLInputElement;

  it('shows the drop text and the default note, accepts images by default', () => {
    const { container } = setup({ schema: undefined, fields: fileField() });
    expect(screen.getByText('Drag and drop your files here or click to browse')).toBeInTheDocument();
    expect(screen.getByText('Upload image file')).toBeInTheDocument();
    expect(input(container).getAttribute('accept')).toBe('image/*');
    expect(input(container).multiple).toBe(false);
    expect(screen.getByRole('button', { name: 'Profile image Choose file' })).toHaveAccessibleDescription(/Upload image file/);
  });

  it('opens the file dialog from the keyboard through the Choose file button', async () => {
    const { container, user } = setup({ schema: undefined, fields: fileField() });
    const click = vi.spyOn(input(container), 'click').mockImplementation(() => {});
    screen.getByRole('button', { name: 'Profile image Choose file' }).focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
  });

  it('uses the given accept filter and note', () => {
    const { container } = setup({
      schema: undefined,
      fields: fileField({ accept: '.csv,.xlsx', fileNote: 'CSV or Excel', multiple: true }),
    });
    expect(input(container).getAttribute('accept')).toContain('.csv');
    expect(input(container).multiple).toBe(true);
    expect(screen.getByText('CSV or Excel')).toBeInTheDocument();
  });

  it('adds files, each removable with a labelled button', async () => {
    const onSubmit = vi.fn();
    const { container, user } = setup({ schema: undefined, onSubmit, fields: fileField({ multiple: true }) });
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    await user.upload(input(container), [a, b]);
    expect(await screen.findByText('a.png')).toBeInTheDocument();
    expect(screen.getByText('b.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByText('a.png')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].profile).toEqual([b]);
  });

  it('hands the focus on when a file is removed from the keyboard: to the next Remove, then to Choose files', async () => {
    const { container, user } = setup({ schema: undefined, fields: fileField({ multiple: true }) });
    await user.upload(input(container), [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })]);
    screen.getByRole('button', { name: 'Remove a.png' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove b.png' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Profile image Choose files' })).toHaveFocus());
  });

  it('shows the existing file of an edit form with a preview, and removes it', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({
      schema: undefined,
      onSubmit,
      fields: fileField(),
      initialValues: { profile: 'profiles\\2024\\me.png' },
      resolveFileUrl: (path) => `/api/files/${path.replace(/\\/g, '/')}`,
    });
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of me.png' })).toHaveAttribute('src', '/api/files/profiles/2024/me.png');
    await user.click(screen.getByRole('button', { name: 'Remove me.png' }));
    expect(screen.queryByText('me.png')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ profile: null })));
  });

  it('names a stored file by its original upload name, not its generated key', () => {
    const key = 'companies/2026/11/3f2a9c4e-1b7d-4c1e-9a55-0d6f1e2b7c88.png';
    setup({
      schema: undefined,
      fields: fileField(),
      initialValues: { profile: key },
      resolveFileUrl: () => '/preview.png',
      resolveFileName: (path) => (path === key ? 'Acme logo.png' : null),
    });
    expect(screen.getByText('Acme logo.png')).toBeInTheDocument();
    expect(screen.queryByText(/3f2a9c4e/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Acme logo.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of Acme logo.png' })).toBeInTheDocument();
  });

  it('replaces the single file when a new one is chosen', async () => {
    const { container, user } = setup({ schema: undefined, fields: fileField(), initialValues: { profile: 'old.png' } });
    await user.upload(input(container), new File(['n'], 'new.png', { type: 'image/png' }));
    expect(await screen.findByText('new.png')).toBeInTheDocument();
    expect(screen.queryByText('old.png')).not.toBeInTheDocument();
  });

  it("checks a required file the schema does not hold, together with the schema's errors, before sending", async () => {
    // A multipart add: the schema validates the text fields, the file part is only the form's to check.
    const onSubmit = vi.fn();
    const { container, user } = setup({
      onSubmit,
      fields: [FIELDS[0], ...fileField({ required: true, requiredMessage: 'Choose an image, video or audio file' })],
      schema: z.object({ firstname: z.string().trim().min(1, 'First name is required') }),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose an image, video or audio file')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The schema passes now; the missing file alone still stops the send, and takes the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Profile image Choose file' })).toHaveFocus());
    expect(screen.getByText('Choose an image, video or audio file')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    const file = new File(['p'], 'poster.png', { type: 'image/png' });
    await user.upload(input(container), file);
    expect(screen.queryByText('Choose an image, video or audio file')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ firstname: 'Ann', profile: file })));
  });

  it('focuses the drop zone when the server rejects the file', async () => {
    const onSubmit = vi.fn(async () => ({ success: false, fieldErrors: { profile: 'Unsupported file type' } }));
    const { user } = setup({ schema: undefined, onSubmit, fields: fileField() });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unsupported file type')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile image Choose file' })).toHaveFocus();
  });
});

describe('FormBuilder: changed or not (onDirtyChange)', () => {
  it('says changed when a value differs from the starting one, and unchanged again once it is put back', async () => {
    const onDirtyChange = vi.fn();
    const { user } = setup({ initialValues: { firstname: 'Ann', email: 'ann@example.com' }, onDirtyChange });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    const name = screen.getByRole('textbox', { name: /First name/ });
    await user.type(name, 'e');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    // Only a change of state is told, not every key.
    const calls = onDirtyChange.mock.calls.length;
    await user.type(name, 'x');
    expect(onDirtyChange).toHaveBeenCalledTimes(calls);
    await user.type(name, '{Backspace}{Backspace}');
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });
});

describe('FormBuilder: autoFocus (a form in a dialog starts in its first field)', () => {
  function InDrawer({ fields = FIELDS, autoFocus = true }: { fields?: FormField[]; autoFocus?: boolean }) {
    return (
      <Drawer opened onClose={() => {}} title="Add user" closeButtonProps={{ 'aria-label': 'Close' }}>
        <FormBuilder fields={fields} autoFocus={autoFocus} onSubmit={vi.fn()} aria-label="User form" />
      </Drawer>
    );
  }

  it("opens on the first field, not on the dialog's Close button", async () => {
    renderWithMantine(<InDrawer />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus());
  });

  it('without autoFocus the dialog keeps its own first control', async () => {
    renderWithMantine(<InDrawer autoFocus={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
  });

  it('passes over a disabled field (a protected role keeps its name)', async () => {
    const fields: FormField[] = [{ ...FIELDS[0]!, disabled: true }, FIELDS[1]!];
    renderWithMantine(<InDrawer fields={fields} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus());
  });

  it('takes the focus from the Close button when the form appears after the dialog opened (its options were loading)', async () => {
    function LateForm() {
      const [ready, setReady] = useState(false);
      return (
        <Drawer opened onClose={() => {}} title="Add user" closeButtonProps={{ 'aria-label': 'Close' }}>
          {ready ? (
            <FormBuilder fields={FIELDS} autoFocus onSubmit={vi.fn()} />
          ) : (
            <button type="button" onClick={() => setReady(true)}>
              Load
            </button>
          )}
        </Drawer>
      );
    }
    renderWithMantine(<LateForm />);
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    await waitFor(() => expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus());
  });

  it('leaves the focus alone on a touch screen, where a focused input pops the keyboard over the form', async () => {
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) =>
          ({ matches: query === '(pointer: coarse)', media: query, addEventListener() {}, removeEventListener() {} }) as never,
      );
    try {
      renderWithMantine(<InDrawer />);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
      expect(screen.getByRole('textbox', { name: /First name/ })).not.toHaveAttribute('data-autofocus');
    } finally {
      matchMedia.mockRestore();
    }
  });
});
