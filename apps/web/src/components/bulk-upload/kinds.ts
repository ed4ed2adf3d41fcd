import { BULK_UPLOAD_KEYS, type BulkUploadKind, isMediaBulkKind } from '@console/contract';

/** What each kind accepts: media files or ZIPs of them (plus a manifest), or spreadsheets of actions. */
export type BulkAccept = 'media' | 'sheet';

type BulkKindConfig = {
  label: string;
  accept: BulkAccept;
  /** `upload` for uploading, retrying, removing and templates; `view` for the lists and error CSVs (as the API checks). */
  keys: { upload: string; view: string };
  /** The query-key root of the kind's resource list (resourceKeys(name).all), refreshed when an upload finishes. */
  resourceName: string;
};

const LABELS: Record<BulkUploadKind, string> = {
  'demo-media': 'Demo media',
  'campaign-media': 'Campaign media',
  'manage-actions': 'Manage actions',
};

export function bulkKind(kind: BulkUploadKind): BulkKindConfig {
  // The kind is also the resource's name (defineResource `name`).
  return { label: LABELS[kind], resourceName: kind, accept: isMediaBulkKind(kind) ? 'media' : 'sheet', keys: BULK_UPLOAD_KEYS[kind] };
}
