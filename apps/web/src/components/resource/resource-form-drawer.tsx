import { ERROR_MESSAGES } from '@console/contract';
import { Drawer, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import type { z } from 'zod';
import { useStoredFileUrl } from '../../lib/stored-file';
import type { RecordId } from '../data-table';
import { type FormField, FormBuilder, type FormValues, toFormData } from '../form-builder';
import { toast } from '../ui/toast';
import type { ResourceApi } from './resource-api';
import { useResourceWrites } from './use-resource';
import { MountWhenOpened } from '../ui/mount-when-opened';
import { useDiscardGuard } from '../ui/unsaved-changes';

/** The add/edit form of a resource: its fields and row <-> form <-> body; the rest has defaults from the declaration. */
export type ResourceForm<Row> = {
  /** The fields, or the fields for this row (null: an add form), e.g. a password required only on add. */
  fields: FormField[] | ((row: Row | null) => FormField[]);
  /** Default: the declaration's create schema on add, its update schema on edit. */
  schema?: z.ZodType;
  /** The row as the form's starting values (only the form's own fields); null: an add form. */
  toValues(row: Row | null): FormValues;
  /**
   * The request body (default: multipart of the fields, sending a file only when it changed).
   * FormData for multipart resources, an object for JSON ones.
   */
  toBody?(values: FormValues, initial: FormValues, fields: readonly FormField[]): FormData | object;
  /** The row's stored file shown in the edit form (e.g. 'logo'): its thumbnail, fetched with the bearer token. */
  previewField?: keyof Row & string;
  /** The row field with the name the stored file was uploaded with (shown instead of the generated key). */
  previewNameField?: keyof Row & string;
  /** Show a progress bar while a multipart body uploads (large files such as media). */
  uploadProgress?: boolean;
  /** The toast of a refused add/edit when the server sent no message (spec s.8, e.g. 'Error adding user' for media adds). */
  errorMessages?: { create?: string; update?: string };
  /** Above the form, for this row (e.g. a note on editing one's own account). */
  intro?: (row: Row | null) => ReactNode;
  /** Shown instead of the form while something it needs loads (e.g. the options of a required select). */
  pending?: ReactNode;
  /** After a save, with the row the server answered (e.g. refresh the session after editing one's own account). */
  onSaved?: (saved: Row | undefined, row: Row | null) => void;
};

export type EditorState<Row> = { opened: boolean; row: Row | null; session: number };

/** The default body: multipart of the fields' values (a file only when it changed, `remove<Field>` when it went). */
const multipart = (values: FormValues, initialValues: FormValues, fields: readonly FormField[]) =>
  toFormData(Object.fromEntries(fields.filter((f) => f.name in values).map((f) => [f.name, values[f.name]])), fields, { initialValues });

/** Add (row null) or edit a row in a side drawer; the server's field errors go under their fields. */
export function ResourceFormDrawer<Row extends { id: RecordId }>({
  resourceApi,
  form,
  state,
  title,
  onClose,
}: {
  resourceApi: ResourceApi<Row>;
  form: ResourceForm<Row>;
  state: EditorState<Row>;
  title: (row: Row | null) => string;
  onClose: () => void;
}) {
  const { row } = state;
  const { resource } = resourceApi;
  // Percent of the body sent, while an upload with progress runs (null otherwise).
  const [sent, setSent] = useState<number | null>(null);
  const { create, update } = useResourceWrites(
    resourceApi,
    form.uploadProgress ? { onUploadProgress: (p) => setSent(p.total ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : null) } : {},
  );
  const fields = useMemo(() => (typeof form.fields === 'function' ? form.fields(row) : form.fields), [form, row]);
  const initialValues = useMemo(() => form.toValues(row), [form, row]);
  const { singular } = resource.label;
  const stored = form.previewField && row ? ((row[form.previewField] as string | null | undefined) ?? null) : null;
  const previewUrl = useStoredFileUrl(stored, { thumb: true });
  // Escape, a click outside, the close button or Cancel ask before a changed form is thrown away.
  const guard = useDiscardGuard(state.opened, onClose);

  const onSubmit = async (values: FormValues) => {
    const body = (form.toBody ?? multipart)(values, initialValues, fields);
    if (form.uploadProgress && body instanceof FormData) setSent(0);
    try {
      const result = row ? await update.mutateAsync({ id: row.id as number, body }) : await create.mutateAsync(body);
      toast.success(result.message || (row ? `${singular} updated` : `${singular} added`));
      form.onSaved?.(result.data, row);
      guard.closeSaved();
      // A failure is thrown on to the form, which shows it under the fields or above them (no toast as well).
    } finally {
      setSent(null);
    }
  };

  const heading = title(row);
  const content = form.pending ?? (
    <FormBuilder
      key={state.session}
      aria-label={heading}
      autoFocus
      fields={fields}
      schema={form.schema ?? (row ? resource.schemas.update : resource.schemas.create)}
      initialValues={initialValues}
      submitLabel={row ? 'Save changes' : `Add ${singular.toLowerCase()}`}
      onCancel={guard.close}
      onDirtyChange={guard.setDirty}
      onSubmit={onSubmit}
      errorFallback={form.errorMessages?.[row ? 'update' : 'create'] ?? ERROR_MESSAGES.generic}
      resolveFileUrl={form.previewField ? (path) => (path === stored ? (previewUrl ?? '') : '') : undefined}
      resolveFileName={
        form.previewNameField && row
          ? (path) => (path === stored ? (row[form.previewNameField as keyof Row] as string | null) : null)
          : undefined
      }
    />
  );

  return (
    <MountWhenOpened opened={state.opened}>
      <Drawer
        opened={state.opened}
        onClose={guard.close}
        title={heading}
        position="right"
        size="md"
        padding="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        // A portalled <header> would be a second page banner landmark (axe: landmark-unique).
        attributes={{ header: { role: 'none' } }}
        styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {sent !== null ? (
          <Stack gap={4} mb="md">
            <Text size="sm" id="upload-progress-label">
              {sent < 100 ? `Uploading… ${sent}%` : 'Checking the file…'}
            </Text>
            <Progress value={sent} animated={sent >= 100} aria-labelledby="upload-progress-label" />
          </Stack>
        ) : null}
        {form.intro ? (
          <Stack gap="md">
            {form.intro(row)}
            {content}
          </Stack>
        ) : (
          content
        )}
      </Drawer>
    </MountWhenOpened>
  );
}
