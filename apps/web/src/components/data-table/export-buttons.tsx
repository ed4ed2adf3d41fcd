import { EXPORT_FORMATS } from '@console/contract';
import { Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EXPORT_FORMAT_LABELS, exportErrorMessage } from './export-messages';
import type { ExportFormat, ExportQuery } from './list-query';
import type { DataTableExportConfig, ExportProgress } from './types';

export interface ExportButtonsProps {
  /** The list's current selection (search and sort; all pages). */
  query: ExportQuery;
  config: DataTableExportConfig;
}

/** One button per export format; a running export shows its progress on its button. */
export function ExportButtons({ query, config }: ExportButtonsProps) {
  const formats = config.formats ?? EXPORT_FORMATS;
  return (
    <Group gap="xs" role="group" aria-label="Export">
      {formats.map((format) => (
        <ExportButton key={format} format={format} query={query} config={config} />
      ))}
    </Group>
  );
}

type ExportState = { status: 'idle' } | { status: 'running'; label: string } | { status: 'error' } | { status: 'done' };

function progressLabel(progress: ExportProgress): string {
  if (progress.total) return `${Math.min(100, Math.floor((progress.loaded / progress.total) * 100))}%`;
  if (progress.loaded <= 0) return '';
  const mb = progress.loaded / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.ceil(progress.loaded / 1024)} KB`;
}

function ExportButton({ format, query, config }: { format: ExportFormat; query: ExportQuery; config: DataTableExportConfig }) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const name = EXPORT_FORMAT_LABELS[format];

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', label: '' });
    const context = {
      signal: abort.signal,
      onProgress: (progress: ExportProgress) => {
        if (abort.signal.aborted) return;
        const label = progressLabel(progress);
        // Streams report per chunk; only re-render when the visible text changes.
        setState((prev) => (prev.status === 'running' && prev.label === label ? prev : { status: 'running', label }));
      },
    };
    try {
      if (config.onExport) await config.onExport(format, query, context);
      else if (config.exportUrl && config.download) await config.download(config.exportUrl(format, query), context);
      else throw new Error('DataTable export needs onExport, or exportUrl with download');
      if (!abort.signal.aborted) setState({ status: 'done' });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'error' });
      config.onError?.(format, error);
    }
  };

  const running = state.status === 'running';
  return (
    <>
      <Button
        variant="default"
        size="sm"
        aria-label={`Export ${name}`}
        aria-busy={running || undefined}
        disabled={running}
        leftSection={running ? <Loader size={14} aria-hidden /> : <IconDownload size={16} aria-hidden />}
        onClick={run}
      >
        {running && state.label ? `${name} ${state.label}` : name}
      </Button>
      {state.status === 'error' ? (
        <Text size="sm" c="red" role="alert">
          {exportErrorMessage(format)}
        </Text>
      ) : null}
      <VisuallyHidden role="status">{running ? `Exporting ${name}` : state.status === 'done' ? `${name} export ready` : ''}</VisuallyHidden>
    </>
  );
}
