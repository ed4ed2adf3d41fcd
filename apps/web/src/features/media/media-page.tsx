import type { MediaKind } from '@console/contract';
import { IconEye } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ResourceApi, ResourcePage, type RowAction } from '../../components/resource';
import { ClientPicker } from './components/client-picker';
import { mediaColumns } from './components/media-columns';
import { parseClientId, writeClientId } from './components/media-filters';
import { mediaForm } from './components/media-form';
import { MediaPreviewModal } from './components/media-preview-modal';
import { type MediaRow, mediaFilters, useMediaClients } from './media-api';

const recordName = (m: MediaRow) => m.title;

export type MediaPageProps = {
  kind: MediaKind;
  resourceApi: ResourceApi<MediaRow>;
  title: string;
  description: string;
  /**
   * BULK UPLOAD SLOT: rendered under the table with the page's kind and client. The bulk-upload
   * work mounts `<BulkUploadPanel kind={kind} clientId={clientId} />` (components/bulk-upload) here
   * from the two route pages below; nothing is rendered until then.
   */
  extra?: (slot: { kind: MediaKind; clientId: number | undefined }) => ReactNode;
};

/** One media screen (demo or campaign): client picker in the URL, thumbnails, add/edit with upload progress, preview, exports. */
export function MediaPage({ kind, resourceApi, title, description, extra }: MediaPageProps) {
  const [params, setParams] = useSearchParams();
  const clientId = parseClientId(params);
  const setClientId = useCallback((value: string | null) => setParams((current) => writeClientId(current, value)), [setParams]);
  const clients = useMediaClients(kind);
  const campaign = kind === 'campaign-media';
  const columns = useMemo(() => mediaColumns(campaign), [campaign]);
  const form = useMemo(() => mediaForm(clients.data ?? [], campaign, clientId), [clients.data, campaign, clientId]);
  // Stable while the client is the same: the filters are part of the query key.
  const filters = useMemo(() => mediaFilters(clientId), [clientId]);
  const [previewed, setPreviewed] = useState<MediaRow | null>(null);
  const rowActions = useMemo<RowAction<MediaRow>[]>(
    () => [{ label: 'Preview', icon: <IconEye size={18} stroke={1.7} aria-hidden />, onClick: setPreviewed }],
    [],
  );

  return (
    <ResourcePage<MediaRow>
      resourceApi={resourceApi}
      title={title}
      description={description}
      columns={columns}
      recordName={recordName}
      form={form}
      filters={filters}
      filterBar={
        <ClientPicker
          clients={clients.data ?? []}
          value={clientId}
          onChange={setClientId}
          loading={clients.isLoading}
          failed={clients.isError}
        />
      }
      rowActions={rowActions}
      searchPlaceholder="Search by title, description, tone code…"
    >
      <MediaPreviewModal media={previewed} onClose={() => setPreviewed(null)} />
      {extra?.({ kind, clientId })}
    </ResourcePage>
  );
}
