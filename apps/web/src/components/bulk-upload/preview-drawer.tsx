import { BULK_PREVIEW_ROWS, type BulkMapping, type BulkPreview, type BulkUploadKind } from '@console/contract';
import { Alert, Button, Drawer, Group, Loader, NativeSelect, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../lib/use-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { HelpTopicLink } from '../ui/help-topic-link';
import { fetchPreview, useSaveMapping, useSavedMapping } from './preview-api';
import { MountWhenOpened } from '../ui/mount-when-opened';

const NOT_IMPORTED = '';

/** "12 rows: 10 would be added, 2 would fail". */
function previewSummary({ counts }: Pick<BulkPreview, 'counts'>): string {
  const rows = `${counts.rows} ${counts.rows === 1 ? 'row' : 'rows'}`;
  return `${rows}: ${counts.wouldAdd} would be added, ${counts.wouldFail} would fail`;
}

/** A stored value as the table shows it (null and absent as a dash). */
const cell = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

function MappingFields({
  preview,
  onChange,
  disabled,
}: {
  preview: BulkPreview;
  onChange: (field: string, header: string | null) => void;
  disabled: boolean;
}) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        Columns
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        {preview.fields.map((field) => (
          <NativeSelect
            key={field.key}
            label={field.required ? `${field.label} (required)` : field.label}
            size="xs"
            w={180}
            disabled={disabled}
            value={preview.mapping[field.key] ?? NOT_IMPORTED}
            data={[
              { value: NOT_IMPORTED, label: field.required ? 'Choose a column' : 'Not imported' },
              ...preview.columns.map((c) => ({ value: c, label: c })),
            ]}
            onChange={(event) => onChange(field.key, event.currentTarget.value === NOT_IMPORTED ? null : event.currentTarget.value)}
          />
        ))}
      </Group>
    </Stack>
  );
}

function PreviewRows({ preview }: { preview: BulkPreview }) {
  if (preview.rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {preview.counts.wouldAdd > BULK_PREVIEW_ROWS ? `The first ${BULK_PREVIEW_ROWS} rows` : 'The rows'} as they would be stored
      </Title>
      <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Rows as they would be stored, scrollable' }}>
        {/* Wide enough to read on a phone: the area scrolls sideways instead of cutting values into letters. */}
        <Table striped withTableBorder fz="sm" stickyHeader miw={560} aria-label="Rows as they would be stored">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              {preview.fields.map((f) => (
                <Table.Th key={f.key}>{f.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                {preview.fields.map((f) => (
                  <Table.Td key={f.key} style={{ overflowWrap: 'anywhere' }}>
                    {cell(r.data[f.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function PreviewFailures({ preview }: { preview: BulkPreview }) {
  if (preview.failures.length === 0) return null;
  const more = preview.counts.wouldFail - preview.failures.length;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Rows that would fail
      </Title>
      <ScrollArea.Autosize mah={220} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Rows that would fail, scrollable' }}>
        <Stack gap={2} component="ul" aria-label="Rows that would fail" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {preview.failures.map((f) => (
            <Text key={f.row} component="li" size="sm">
              <Text span fw={600}>
                Row {f.row}:
              </Text>{' '}
              {f.message}
            </Text>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {more > 0 ? (
        <Text size="xs" c="dimmed">
          and {more} more (the error list of the upload will have them all)
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The import preview of one sheet or manifest: its columns mapped to the fields (changeable; the
 * preview is read again at each change), the first rows as they would be stored, every row that
 * would fail and why, and the counts. Import sends the upload with this mapping; Cancel sends nothing.
 */
export function PreviewDrawer({
  kind,
  clientId,
  file,
  initialMapping,
  onImport,
  onClose,
}: {
  kind: BulkUploadKind;
  clientId: number;
  /** The sheet or manifest previewed; null closes the drawer. */
  file: File | null;
  /** The mapping chosen before for this form, if any (else the saved one, else by name). */
  initialMapping: BulkMapping | null;
  onImport: (mapping: BulkMapping | null) => void;
  onClose: () => void;
}) {
  const saved = useSavedMapping(kind, file !== null && initialMapping === null);
  const [mapping, setMapping] = useState<BulkMapping | null>(initialMapping);
  const [touched, setTouched] = useState(false);
  const save = useSaveMapping(kind);
  useEffect(() => {
    if (file) {
      setMapping(initialMapping);
      setTouched(false);
    }
  }, [file, initialMapping]);
  // The saved mapping stands in until the user changes a column here.
  const effective = touched ? mapping : (mapping ?? saved.data ?? null);
  const waiting = file !== null && initialMapping === null && saved.isPending;
  const preview = useQuery({
    queryKey: ['bulk-preview', kind, clientId, file?.name, file?.size, file?.lastModified, effective],
    queryFn: ({ signal }) => fetchPreview(kind, { clientId, file: file as File, mapping: effective, signal }),
    enabled: file !== null && !waiting,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
  const data = preview.data;
  const change = (field: string, header: string | null) => {
    setTouched(true);
    setMapping({ ...(effective ?? {}), [field]: header });
  };
  const canImport = data !== undefined && !preview.isFetching && data.sheetError === null && data.counts.wouldAdd > 0;

  return (
    <MountWhenOpened opened={file !== null}>
      <Drawer
        opened={file !== null}
        onClose={onClose}
        title={file ? `Preview of ${file.name}` : 'Preview'}
        position="right"
        size="xl"
        padding="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        attributes={{ header: { role: 'none' } }}
        styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
      >
        <Stack gap="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              Nothing is imported yet. Check how the columns are read and which rows would fail, then import or cancel.
            </Text>
            <HelpTopicLink slug="bulk-uploads">About bulk uploads</HelpTopicLink>
          </Group>
          {preview.isError ? (
            <Alert color="red" variant="light" title="The preview failed" role="alert">
              {errorMessage(preview.error, 'The file could not be previewed.')}
            </Alert>
          ) : null}
          {data === undefined && !preview.isError ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Reading the file…</Text>
            </Group>
          ) : null}
          {data ? (
            <>
              <Text size="sm" fw={600} role="status" aria-live="polite">
                {preview.isFetching ? 'Reading the file again…' : data.sheetError ? 'Nothing would be imported' : previewSummary(data)}
              </Text>
              {data.sheetError ? (
                <Alert color="red" variant="light" title="The file cannot be imported as mapped" role="alert">
                  {data.sheetError}
                </Alert>
              ) : null}
              <MappingFields preview={data} onChange={change} disabled={preview.isFetching} />
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => effective && save.mutate(effective)}
                  loading={save.isPending}
                  disabled={!effective}
                >
                  Save mapping
                </Button>
                <Text size="xs" c="dimmed">
                  Saved for you, for this kind of upload: the next preview starts from it.
                </Text>
              </Group>
              <PreviewRows preview={data} />
              <PreviewFailures preview={data} />
            </>
          ) : null}
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => onImport(effective)} disabled={!canImport}>
              Import
            </Button>
          </Group>
        </Stack>
      </Drawer>
    </MountWhenOpened>
  );
}
