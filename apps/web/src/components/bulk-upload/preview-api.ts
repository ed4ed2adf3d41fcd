import { type BulkMapping, type BulkPreview, type BulkUploadKind, bulkPreviewRoutes } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../lib/use-query';
import { api } from '../../lib/api-client';
import { toast } from '../ui/toast';

/** The mapping as sent: fields the user left to their own name are left out. */
const sentMapping = (mapping: BulkMapping) => Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== undefined));

/** The mapping as a multipart field (JSON). */
export const mappingField = (mapping: BulkMapping): string => JSON.stringify(sentMapping(mapping));

/** POST /{kind}/bulk-upload/preview: the file read as the import would read it; the server keeps nothing. */
export async function fetchPreview(
  kind: BulkUploadKind,
  { clientId, file, mapping, signal }: { clientId: number; file: File; mapping: BulkMapping | null; signal?: AbortSignal },
): Promise<BulkPreview> {
  const form = new FormData();
  form.append('clientId', String(clientId));
  if (mapping) form.append('mapping', mappingField(mapping));
  form.append('file', file, file.name);
  const answer = await api.post<{ data: BulkPreview }>(bulkPreviewRoutes(kind).preview, form, { signal });
  return answer.data;
}

const savedKey = (kind: BulkUploadKind) => ['bulk-mapping', kind] as const;

/** The user's saved mapping for the kind (null when none). */
export function useSavedMapping(kind: BulkUploadKind, enabled: boolean) {
  return useQuery({
    queryKey: savedKey(kind),
    queryFn: async () => (await api.get<{ data: { mapping: BulkMapping | null } }>(bulkPreviewRoutes(kind).mapping)).data.mapping ?? null,
    enabled,
    staleTime: 60_000,
  });
}

/** PUT the mapping as the user's for the kind. */
export function useSaveMapping(kind: BulkUploadKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: BulkMapping) => api.put<{ message?: string }>(bulkPreviewRoutes(kind).mapping, { mapping: sentMapping(mapping) }),
    onSuccess: (answer, mapping) => {
      toast.success(answer?.message || 'Column mapping saved');
      queryClient.setQueryData(savedKey(kind), sentMapping(mapping));
    },
  });
}
