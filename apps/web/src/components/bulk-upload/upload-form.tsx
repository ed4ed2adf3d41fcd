import '@mantine/dropzone/styles.css';
import { BULK_UPLOAD_MESSAGES, type BulkMapping, type BulkUploadKind, UI_TEXT } from '@console/contract';
import { ActionIcon, Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconEye, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useFocusHandOff } from '../ui/focus-hand-off';
import { useBulkUpload } from './bulk-upload-api';
import { acceptHint, addFiles, checkManifest, dropzoneAccept, formatBytes } from './file-checks';
import { bulkKind } from './kinds';
import type { BulkUploadFile as BulkUploadRow } from '@console/contract';
import { PreviewDrawer } from './preview-drawer';
import { perFileProgress } from './upload-progress';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const fileKey = (f: File, i: number) => `${f.name}-${f.size}-${f.lastModified}-${i}`;

/**
 * Pick files (drop or browse), see what was refused and why, send them in one request with a
 * progress bar per file. `onUploaded` gets the rows the server answered with (all pending).
 */
export function UploadForm({
  kind,
  clientId,
  onUploaded,
}: {
  kind: BulkUploadKind;
  clientId: number | null | undefined;
  onUploaded: (rows: BulkUploadRow[]) => void;
}) {
  const config = bulkKind(kind);
  const id = useId();
  const upload = useBulkUpload(kind);
  const [files, setFiles] = useState<File[]>([]);
  const [manifest, setManifest] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [failure, setFailure] = useState<string>();
  // The mapping settled in the preview goes with the upload; the file whose preview is open.
  const [mapping, setMapping] = useState<BulkMapping | null>(null);
  const [previewOf, setPreviewOf] = useState<File | null>(null);
  const abort = useRef<AbortController | null>(null);
  const sending = upload.isPending;
  const noClient = typeof clientId !== 'number';
  const { root, control, handOff: setFocusNext } = useFocusHandOff<'choose' | 'manifest' | 'upload' | 'cancel'>('choose');

  const pick = (picked: File[]) => {
    const next = addFiles(files, picked, config.accept);
    setFiles(next.files);
    setProblems(next.problems);
    setProgress(null);
    setFailure(undefined);
  };
  const pickManifest = (file: File | null) => {
    if (!file) return;
    const problem = checkManifest(file);
    setProblems(problem ? [`Manifest: ${problem}`] : []);
    if (!problem) setManifest(file);
  };

  const submit = (withMapping: BulkMapping | null = mapping) => {
    if (noClient || files.length === 0) return;
    const sizes = [...files.map((f) => f.size), ...(manifest ? [manifest.size] : [])];
    abort.current = new AbortController();
    setProgress(files.map(() => 0));
    setFailure(undefined);
    setFocusNext('cancel');
    upload.mutate(
      {
        clientId,
        files,
        manifest,
        mapping: withMapping,
        signal: abort.current.signal,
        // Without a known total the whole request is the files plus a little framing.
        onProgress: ({ loaded, total }) => setProgress(perFileProgress(sizes, loaded, total ?? loaded).slice(0, files.length)),
      },
      {
        onSuccess: (answer) => {
          onUploaded(Array.isArray(answer?.data) ? answer.data : []);
          setFiles([]);
          setManifest(null);
          setMapping(null);
          setProgress(null);
          setFocusNext('choose');
        },
        onError: (error) => {
          setProgress(null);
          setFocusNext('upload');
          if (isAbort(error)) return;
          setFailure(errorMessage(error, BULK_UPLOAD_MESSAGES.addFailed));
        },
      },
    );
  };

  return (
    <Stack gap="sm" ref={root}>
      <Dropzone
        // One call with both halves: react-dropzone's separate onDrop/onReject would each see the old selection.
        onDrop={() => {}}
        onDropAny={(accepted, rejected) => pick([...accepted, ...rejected.map((r) => r.file)])}
        accept={dropzoneAccept(config.accept)}
        multiple
        disabled={sending || noClient}
        activateOnKeyboard={false}
        tabIndex={-1}
        inputProps={{ 'aria-hidden': true }}
        p="md"
      >
        {/* Keyboard and screen-reader users get the real button; its click bubbles to the zone, which opens the dialog. */}
        <Group justify="center" gap="sm" wrap="nowrap">
          <IconUpload size={28} stroke={1.5} aria-hidden />
          <Stack gap={4} align="flex-start">
            <Text size="sm">{UI_TEXT.dropFiles}</Text>
            <Text size="xs" c="dimmed" id={`${id}-hint`}>
              {acceptHint(config.accept)}
            </Text>
            <Button
              ref={control('choose')}
              size="compact-xs"
              variant="light"
              disabled={sending || noClient}
              aria-describedby={`${id}-hint`}
            >
              Choose files
            </Button>
          </Stack>
        </Group>
      </Dropzone>
      {noClient ? (
        <Text size="sm" c="dimmed">
          Choose a client first: uploads belong to one client.
        </Text>
      ) : null}

      {config.accept === 'media' ? (
        <Group gap="xs" wrap="wrap">
          <FileButton
            onChange={pickManifest}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          >
            {(props) => (
              <Button
                {...props}
                ref={control('manifest')}
                size="xs"
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                disabled={sending}
              >
                {manifest ? 'Change manifest' : 'Add manifest (optional)'}
              </Button>
            )}
          </FileButton>
          {manifest ? (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{manifest.name}</Text>
              <PreviewButton file={manifest} disabled={sending || noClient} onPreview={setPreviewOf} />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove manifest ${manifest.name}`}
                onClick={() => {
                  setManifest(null);
                  setFocusNext('manifest');
                }}
                disabled={sending}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              CSV or XLSX giving titles and tone codes by file name
            </Text>
          )}
        </Group>
      ) : null}

      {problems.length > 0 ? (
        <Alert color="red" variant="light" title="Some files were not added" role="alert">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" title="The upload failed" role="alert">
          {failure}
        </Alert>
      ) : null}

      {files.length > 0 ? (
        <Stack gap={6} aria-label="Files to upload" role="list">
          {files.map((file, index) => (
            <Stack key={fileKey(file, index)} gap={2} role="listitem">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate style={{ minWidth: 0 }}>
                  {file.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {formatBytes(file.size)}
                  </Text>
                </Text>
                {sending ? null : (
                  <Group gap={2} wrap="nowrap">
                    {config.accept === 'media' ? null : <PreviewButton file={file} disabled={noClient} onPreview={setPreviewOf} />}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${file.name}`}
                      data-focus-item
                      onClick={() => {
                        setFiles(files.filter((_, i) => i !== index));
                        setFocusNext({ itemAt: index });
                      }}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              {progress ? <Progress value={progress[index] ?? 0} size="sm" aria-label={`Uploading ${file.name}`} /> : null}
            </Stack>
          ))}
        </Stack>
      ) : null}

      {mapping ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Columns are read as mapped in the preview.
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setMapping(null)} disabled={sending}>
            Read them by name instead
          </Button>
        </Group>
      ) : null}

      <Group gap="xs">
        <Button ref={control('upload')} onClick={() => submit()} disabled={noClient || files.length === 0 || sending}>
          {sending
            ? UI_TEXT.submitting
            : files.length > 0
              ? `Upload ${files.length} ${files.length === 1 ? 'file' : 'files'}`
              : 'Upload files'}
        </Button>
        {sending ? (
          <Button ref={control('cancel')} variant="default" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        ) : null}
      </Group>
      {noClient ? null : (
        <PreviewDrawer
          kind={kind}
          clientId={clientId}
          file={previewOf}
          initialMapping={mapping}
          onClose={() => setPreviewOf(null)}
          onImport={(chosen) => {
            setMapping(chosen);
            setPreviewOf(null);
            submit(chosen);
          }}
        />
      )}
    </Stack>
  );
}

/** Opens the import preview of a sheet or a manifest. */
function PreviewButton({ file, disabled, onPreview }: { file: File; disabled: boolean; onPreview: (file: File) => void }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconEye size={14} aria-hidden />}
      aria-label={`Preview ${file.name}`}
      disabled={disabled}
      onClick={() => onPreview(file)}
    >
      Preview
    </Button>
  );
}
