import { ERROR_MESSAGES } from '@console/contract';
import { Drawer, Progress, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { useStoredFileUrl } from '../../lib/stored-file';
import { type FormField, FormBuilder, type FormValues } from '../form-builder';
import { toast } from '../ui/toast';
import type { ResourceApi } from './resource-api';
import { useResourceWrites } from './use-resource';

/** The add/edit form of a resource: its fields, the contract schema, and row <-> form <-> body. */
export type ResourceForm<Row> = {
  fields: FormField[];
  schema: z.ZodType;
  /** The row as the form's starting values (only the form's own fields); null: an add form. */
  toValues(row: Row | null): FormValues;
  /** The request body: FormData for multipart resources (compare with `initial` to send only a changed file). */
  toBody(values: FormValues, initial: FormValues): FormData | object;
  /** The row's stored file shown in the edit form (e.g. 'logo'): its thumbnail, fetched with the bearer token. */
  previewField?: keyof Row & string;
  /** The row field with the name the stored file was uploaded with (shown instead of the generated key). */
  previewNameField?: keyof Row & string;
  /** Show a progress bar while a multipart body uploads (large files such as media). */
  uploadProgress?: boolean;
  /** The toast of a refused add/edit when the server sent no message (spec s.8, e.g. 'Error adding user' for media adds). */
  errorMessages?: { create?: string; update?: string };
};

export type EditorState<Row> = { opened: boolean; row: Row | null; session: number };

/** Add (row null) or edit a row in a side drawer; the server's field errors go under their fields. */
export function ResourceFormDrawer<Row extends { id: number }>({
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
  // Percent of the body sent, while an upload with progress runs (null otherwise).
  const [sent, setSent] = useState<number | null>(null);
  const { create, update } = useResourceWrites(
    resourceApi,
    form.uploadProgress ? { onUploadProgress: (p) => setSent(p.total ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : null) } : {},
  );
  const initialValues = useMemo(() => form.toValues(row), [form, row]);
  const { singular } = resourceApi.resource.label;
  const stored = form.previewField && row ? ((row[form.previewField] as string | null | undefined) ?? null) : null;
  const previewUrl = useStoredFileUrl(stored, { thumb: true });

  const onSubmit = async (values: FormValues) => {
    const body = form.toBody(values, initialValues);
    if (form.uploadProgress && body instanceof FormData) setSent(0);
    try {
      const result = row ? await update.mutateAsync({ id: row.id, body }) : await create.mutateAsync(body);
      toast.success(result.message || (row ? `${singular} updated` : `${singular} added`));
      onClose();
      // A failure is thrown on to the form, which shows it under the fields or above them (no toast as well).
    } finally {
      setSent(null);
    }
  };

  const heading = title(row);
  return (
    <Drawer
      opened={state.opened}
      onClose={onClose}
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
      <FormBuilder
        key={state.session}
        aria-label={heading}
        fields={form.fields}
        schema={form.schema}
        initialValues={initialValues}
        submitLabel={row ? 'Save changes' : `Add ${singular.toLowerCase()}`}
        onCancel={onClose}
        onSubmit={onSubmit}
        errorFallback={form.errorMessages?.[row ? 'update' : 'create'] ?? ERROR_MESSAGES.generic}
        resolveFileUrl={form.previewField ? (path) => (path === stored ? (previewUrl ?? '') : '') : undefined}
        resolveFileName={
          form.previewNameField && row
            ? (path) => (path === stored ? (row[form.previewNameField as keyof Row] as string | null) : null)
            : undefined
        }
      />
    </Drawer>
  );
}
