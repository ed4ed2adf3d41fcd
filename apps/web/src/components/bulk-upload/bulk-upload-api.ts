import {
  BULK_UPLOAD_MESSAGES,
  type BulkMapping,
  type BulkUploadAccepted,
  type BulkUploadKind,
  bulkUploadPaths,
  ERROR_MESSAGES,
  type ListResult,
} from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, errorMessage, readListOrEmpty, type UploadProgress } from '../../lib/api-client';
import { getSession } from '../../lib/auth/session';
import { fetchDownload, type ListQueryState } from '../data-table';
import { toast } from '../ui/toast';
import { mappingField } from './preview-api';
import type { BulkUploadFile as BulkUploadRow } from '@console/contract';

export type BulkList = 'completed' | 'pending-failed';

/** ['bulk-uploads', kind] is what every write and the live poll refresh; the tables append the list and its query. */
export const bulkKeys = {
  kind: (kind: BulkUploadKind) => ['bulk-uploads', kind] as const,
  list: (kind: BulkUploadKind, list: BulkList) => ['bulk-uploads', kind, list] as const,
};

/** Spec s.8: completed and pending-failed file reads return empty data on failure. */
export function readBulkList(
  kind: BulkUploadKind,
  list: BulkList,
  query: ListQueryState & { clientId?: number | null },
  signal?: AbortSignal,
): Promise<ListResult<BulkUploadRow>> {
  const paths = bulkUploadPaths(kind);
  return readListOrEmpty<BulkUploadRow>(list === 'completed' ? paths.completed : paths.pendingFailed, { ...query }, signal);
}

export type UploadRequest = {
  clientId: number;
  files: File[];
  manifest?: File | null;
  /** The column mapping settled in the preview (preview-drawer.tsx); none: every field by its own name. */
  mapping?: BulkMapping | null;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
};

/** POST /{kind}/bulk-upload: the parts are received, a job does the rest (202, one row per part). */
export function useBulkUpload(kind: BulkUploadKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, files, manifest, mapping, onProgress, signal }: UploadRequest) => {
      const form = new FormData();
      form.append('clientId', String(clientId));
      if (mapping) form.append('mapping', mappingField(mapping));
      for (const file of files) form.append('files', file, file.name);
      if (manifest) form.append('manifest', manifest, manifest.name);
      // The shared client sends through XHR when asked for upload progress.
      return api.post<BulkUploadAccepted>(bulkUploadPaths(kind).upload, form, { onUploadProgress: onProgress, signal });
    },
    onSuccess: (answer) => {
      toast.success(answer?.message || 'Files uploaded, processing has started');
    },
    // A refused upload is shown once, by the upload form's alert (spec s.8's 'Error adding user'
    // unless the server explains), not as a toast as well.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkKeys.kind(kind) }),
  });
}

/** A row's retry or removal: the toast says the outcome, and the kind's lists are read again either way. */
function useRowMutation(kind: BulkUploadKind, call: (row: BulkUploadRow) => Promise<{ message?: string } | undefined>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => toast.success(answer?.message || done),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkKeys.kind(kind) }),
  });
}

export const useRetryUpload = (kind: BulkUploadKind) =>
  useRowMutation(kind, (row) => api.post<{ message?: string }>(bulkUploadPaths(kind).retry(row.id)), BULK_UPLOAD_MESSAGES.retried);

export const useRemoveUpload = (kind: BulkUploadKind) =>
  useRowMutation(kind, (row) => api.delete<{ message?: string }>(bulkUploadPaths(kind).remove(row.id)), BULK_UPLOAD_MESSAGES.deleted);

/** Downloads through fetch with the bearer token (an <a href> cannot send it). */
export async function downloadBulkFile(path: string, fileName?: string): Promise<void> {
  try {
    await fetchDownload(buildUrl(path), { fileName, init: { headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` } } });
  } catch {
    toast.error(ERROR_MESSAGES.exportCsv);
  }
}
