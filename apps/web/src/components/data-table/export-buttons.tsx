import { EXPORT_FORMATS } from '@console/contract';
import { Button, Group, Loader, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { usePhoneLayout } from '../../lib/theme/use-phone-layout';
import { DeferredMenu } from '../ui/deferred-menu';
import { EXPORT_FORMAT_LABELS, exportErrorMessage } from './export-messages';
import type { ExportFormat, ExportQuery } from './list-query';
import type { DataTableExportConfig, ExportProgress } from './types';

export interface ExportButtonsProps {
  /** The list's current selection (search and sort; all pages). */
  query: ExportQuery;
  config: DataTableExportConfig;
}

/**
 * One button per export format; a running export shows its progress on its button. On a phone,
 * where three buttons take a row of their own, one 'Export' menu offers the formats.
 */
export function ExportButtons({ query, config }: ExportButtonsProps) {
  const formats = config.formats ?? EXPORT_FORMATS;
  const phone = usePhoneLayout();
  if (phone && formats.length > 1) return <ExportMenu formats={formats} query={query} config={config} />;
  return (
    <Group gap="xs" role="group" aria-label="Export">
      {formats.map((format) => (
        <ExportButton key={format} format={format} query={query} config={config} />
      ))}
    </Group>
  );
}

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: ExportFormat; label: string }
  | { status: 'error'; format: ExportFormat }
  | { status: 'done'; format: ExportFormat };

function progressLabel(progress: ExportProgress): string {
  if (progress.total) return `${Math.min(100, Math.floor((progress.loaded / progress.total) * 100))}%`;
  if (progress.loaded <= 0) return '';
  const mb = progress.loaded / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.ceil(progress.loaded / 1024)} KB`;
}

/** Runs one export at a time and follows its progress; an unmount aborts it. */
function useExportRun(query: ExportQuery, config: DataTableExportConfig) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (format: ExportFormat) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', format, label: '' });
    const context = {
      signal: abort.signal,
      onProgress: (progress: ExportProgress) => {
        if (abort.signal.aborted) return;
        const label = progressLabel(progress);
        // Streams report per chunk; only re-render when the visible text changes.
        setState((prev) => (prev.status === 'running' && prev.label === label ? prev : { status: 'running', format, label }));
      },
    };
    try {
      if (config.onExport) await config.onExport(format, query, context);
      else if (config.exportUrl && config.download) await config.download(config.exportUrl(format, query), context);
      else throw new Error('DataTable export needs onExport, or exportUrl with download');
      if (!abort.signal.aborted) setState({ status: 'done', format });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'error', format });
      config.onError?.(format, error);
    }
  };
  return { state, run };
}

/** The error under the button and the screen reader's progress words. */
function ExportStatus({ state }: { state: ExportState }) {
  // The live region stays the same element from idle on, so its first words are announced.
  const name = state.status === 'idle' ? '' : EXPORT_FORMAT_LABELS[state.format];
  return (
    <>
      {state.status === 'error' ? (
        <Text size="sm" c="red" role="alert">
          {exportErrorMessage(state.format)}
        </Text>
      ) : null}
      <VisuallyHidden role="status">
        {state.status === 'running' ? `Exporting ${name}` : state.status === 'done' ? `${name} export ready` : ''}
      </VisuallyHidden>
    </>
  );
}

/**
 * A running export's button looks disabled and ignores clicks, but keeps the focus: a disabled
 * button would drop a keyboard user's focus to the page's top.
 */
const busy = (running: boolean) =>
  running ? ({ 'aria-busy': true, 'aria-disabled': true, 'data-disabled': true } as const) : ({} as const);

const runningIcon = (running: boolean) => (running ? <Loader size={14} aria-hidden /> : <IconDownload size={16} aria-hidden />);

function ExportButton({ format, query, config }: { format: ExportFormat; query: ExportQuery; config: DataTableExportConfig }) {
  const { state, run } = useExportRun(query, config);
  const name = EXPORT_FORMAT_LABELS[format];
  const running = state.status === 'running';
  return (
    <>
      <Button
        variant="default"
        size="sm"
        aria-label={`Export ${name}`}
        {...busy(running)}
        leftSection={runningIcon(running)}
        onClick={() => {
          if (!running) run(format);
        }}
      >
        {running && state.label ? `${name} ${state.label}` : name}
      </Button>
      <ExportStatus state={state} />
    </>
  );
}

function ExportMenu({ formats, query, config }: { formats: readonly ExportFormat[]; query: ExportQuery; config: DataTableExportConfig }) {
  const { state, run } = useExportRun(query, config);
  const running = state.status === 'running';
  return (
    <>
      <DeferredMenu
        target={
          // While an export runs the menu still opens (focus stays here), with its formats disabled.
          <Button
            variant="default"
            size="sm"
            aria-busy={running || undefined}
            leftSection={runningIcon(running)}
            rightSection={running ? null : <IconChevronDown size={16} aria-hidden />}
          >
            {running ? `${EXPORT_FORMAT_LABELS[state.format]} ${state.label}`.trim() : 'Export'}
          </Button>
        }
        position="bottom-end"
        shadow="md"
        withInitialFocusPlaceholder={false}
      >
        {formats.map((format) => (
          <Menu.Item key={format} disabled={running} leftSection={<IconDownload size={16} aria-hidden />} onClick={() => run(format)}>
            {`Export ${EXPORT_FORMAT_LABELS[format]}`}
          </Menu.Item>
        ))}
      </DeferredMenu>
      <ExportStatus state={state} />
    </>
  );
}
