import type { MediaKind } from '@console/contract';
import { BulkUploadPanel } from '../../components/bulk-upload';

/** The media page's bulk upload slot: the shared panel for this kind and the chosen client. */
export const bulkPanel = ({ kind, clientId }: { kind: MediaKind; clientId: number | undefined }) => (
  <BulkUploadPanel kind={kind} clientId={clientId} />
);
