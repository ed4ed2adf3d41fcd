import type { MediaKind } from '@console/contract';
import { IconEye } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BulkUploadPanel } from '../bulk-upload';
import { type ResourceApi, ResourcePage, ResourcePicker, type RowAction, useResourceOptions } from '../resource';
import type { MediaRow } from './media-row';
import { listsClient, MEDIA_CLIENT_OPTIONS, mediaClientOptions } from './media-client-options';
import { mediaColumns } from './media-columns';
import { parseClientId, writeClientId } from './media-filters';
import { mediaForm } from './media-form';
import { MediaPreviewModal } from './media-preview-modal';

const recordName = (m: MediaRow) => m.title;

export type MediaPageProps = {
  kind: MediaKind;
  resourceApi: ResourceApi<MediaRow>;
};

/**
 * One media screen (demo or campaign): the client in the URL, thumbnails, add/edit with upload
 * progress, preview, exports, and the bulk upload of the chosen client.
 */
export function MediaPage({ kind, resourceApi }: MediaPageProps) {
  const [params, setParams] = useSearchParams();
  const clientId = parseClientId(params);
  const setClientId = useCallback(
    (id: number | undefined) => setParams((current) => writeClientId(current, id ? String(id) : null)),
    [setParams],
  );
  // Every client by name (one call, with its media counts), narrowed to those this kind lists.
  const clients = useResourceOptions('clients', MEDIA_CLIENT_OPTIONS);
  const campaign = kind === 'campaign-media';
  const columns = useMemo(() => mediaColumns(campaign), [campaign]);
  const form = useMemo(
    () => mediaForm(clients.data && mediaClientOptions(clients.data, kind), campaign, clientId),
    [clients.data, kind, campaign, clientId],
  );
  const [previewed, setPreviewed] = useState<MediaRow | null>(null);
  const rowActions = useMemo<RowAction<MediaRow>[]>(
    () => [{ label: 'Preview', icon: <IconEye size={18} stroke={1.7} aria-hidden />, onClick: setPreviewed }],
    [],
  );

  return (
    <ResourcePage<MediaRow>
      resourceApi={resourceApi}
      columns={columns}
      recordName={recordName}
      form={form}
      filterBar={
        <ResourcePicker
          name="clients"
          {...MEDIA_CLIENT_OPTIONS}
          filter={(c) => listsClient(c, kind)}
          value={clientId}
          onChange={setClientId}
          placeholder="All clients"
        />
      }
      rowActions={rowActions}
      searchPlaceholder="Search by title, description, tone code…"
    >
      <MediaPreviewModal media={previewed} onClose={() => setPreviewed(null)} />
      <BulkUploadPanel kind={kind} clientId={clientId} />
    </ResourcePage>
  );
}
