import '@mantine/dropzone/styles.css';
import { UI_TEXT } from '@console/contract';
import { ActionIcon, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useFocusHandOff } from '../ui/focus-hand-off';
import { displayFileName, looksLikeImage, toDropzoneAccept } from './accept';
import type { FormField } from './types';

export type FileValue = File | string;

export interface FileFieldProps {
  id: string;
  field: FormField;
  value: unknown;
  onChange: (value: FileValue | FileValue[] | null) => void;
  error?: string;
  disabled?: boolean;
  /** Turns a stored path into a URL for the preview (existing files in edit forms). */
  resolveFileUrl?: (path: string) => string;
  /** The name shown for a stored path (e.g. the original upload name); the path's last part if none. */
  resolveFileName?: (path: string) => string | null | undefined;
}

function asList(value: unknown): FileValue[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is FileValue => v instanceof File || (typeof v === 'string' && v !== ''));
}

/** Dropzone with accept filter, single or multiple files, each removable (spec s.5). */
export function FileField({ id, field, value, onChange, error, disabled, resolveFileUrl, resolveFileName }: FileFieldProps) {
  const files = asList(value);
  const [rejection, setRejection] = useState<string>();
  const accept = useMemo(() => toDropzoneAccept(field.accept), [field.accept]);
  const note = field.fileNote ?? UI_TEXT.defaultFileNote;
  const shownError = error ?? rejection;
  // A removed file takes its Remove button along: the focus goes to the next one, or to Choose file.
  const { root, control, handOff } = useFocusHandOff<'browse'>('browse');

  const onDrop = (dropped: File[]) => {
    setRejection(undefined);
    if (field.multiple) onChange([...files, ...dropped]);
    else onChange(dropped[0] ?? null);
  };
  const onReject = (rejections: FileRejection[]) => {
    setRejection(rejections[0]?.errors[0]?.message ?? 'This file cannot be uploaded');
  };
  const remove = (index: number) => {
    setRejection(undefined);
    handOff({ itemAt: index });
    if (field.multiple) onChange(files.filter((_, i) => i !== index));
    else onChange(null);
  };

  return (
    <Input.Wrapper
      id={id}
      label={field.label}
      required={field.required}
      error={shownError}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
    >
      {/* The zone takes mouse clicks and drops; keyboard and screen-reader users get a real button
          inside it (its click bubbles to the zone, which opens the file dialog). */}
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={accept}
        multiple={Boolean(field.multiple)}
        disabled={disabled}
        activateOnKeyboard={false}
        tabIndex={-1}
        inputProps={{ 'aria-hidden': true }}
        mt={4}
        p="md"
      >
        <Group justify="center" gap="sm" wrap="nowrap">
          <IconUpload size={28} stroke={1.5} aria-hidden />
          <Stack gap={4} align="flex-start">
            <Text size="sm">{UI_TEXT.dropFiles}</Text>
            <Text size="xs" c="dimmed" id={`${id}-note`}>
              {note}
            </Text>
            <Button
              ref={control('browse')}
              size="compact-xs"
              variant="light"
              disabled={disabled}
              aria-labelledby={`${id}-label ${id}-browse`}
              aria-describedby={[`${id}-note`, shownError ? `${id}-error` : ''].filter(Boolean).join(' ')}
              aria-invalid={shownError ? true : undefined}
            >
              <span id={`${id}-browse`}>{field.multiple ? 'Choose files' : 'Choose file'}</span>
            </Button>
          </Stack>
        </Group>
      </Dropzone>
      {files.length > 0 ? (
        <Stack gap={6} mt="xs" ref={root}>
          {files.map((file, index) => (
            <FileRow
              key={typeof file === 'string' ? file : `${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              onRemove={() => remove(index)}
              disabled={disabled}
              resolveFileUrl={resolveFileUrl}
              resolveFileName={resolveFileName}
            />
          ))}
        </Stack>
      ) : null}
    </Input.Wrapper>
  );
}

function usePreviewUrl(file: FileValue, resolveFileUrl?: (path: string) => string): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (typeof file === 'string' || !looksLikeImage(file)) return;
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  if (!looksLikeImage(file)) return undefined;
  return typeof file === 'string' ? (resolveFileUrl ? resolveFileUrl(file) : file) : objectUrl;
}

function FileRow({
  file,
  onRemove,
  disabled,
  resolveFileUrl,
  resolveFileName,
}: {
  file: FileValue;
  onRemove: () => void;
  disabled?: boolean;
  resolveFileUrl?: (path: string) => string;
  resolveFileName?: (path: string) => string | null | undefined;
}) {
  const name = (typeof file === 'string' ? resolveFileName?.(file) : undefined) || displayFileName(file);
  const preview = usePreviewUrl(file, resolveFileUrl);
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {preview ? (
          <Image src={preview} alt={`Preview of ${name}`} w={40} h={40} radius="sm" fit="cover" />
        ) : (
          <IconFile size={24} aria-hidden />
        )}
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {typeof file === 'string' ? 'Current file' : formatSize(file.size)}
          </Text>
        </div>
      </Group>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove} disabled={disabled} data-focus-item>
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
