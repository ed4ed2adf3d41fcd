import { ERROR_MESSAGES } from '@console/contract';
import type { ExportFormat } from './list-query';

// Apart from export-buttons.tsx so the resource kit's fetchers (in a route's data prefetch) can
// name an export failure without pulling the buttons' Mantine code along.
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', excel: 'Excel', pdf: 'PDF' };

export function exportErrorMessage(format: ExportFormat): string {
  return format === 'csv' ? ERROR_MESSAGES.exportCsv : `Error exporting ${EXPORT_FORMAT_LABELS[format]}`;
}
