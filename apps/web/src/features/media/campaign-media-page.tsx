import type { ResourceApi } from '../../components/resource';
import { campaignMediaApi, type MediaRow } from './media-api';
import { bulkPanel } from './bulk-panel';
import { MediaPage } from './media-page';

/** /demo-admin/campaign-media (spec s.2, DESIGN s.4b): as demo media, plus the campaign and its dates. */
export default function CampaignMediaPage() {
  return (
    <MediaPage
      kind="campaign-media"
      extra={bulkPanel}
      resourceApi={campaignMediaApi as ResourceApi<MediaRow>}
      title="Campaign media"
      description="Media of live clients' campaigns, shown between the campaign's start and end dates."
    />
  );
}
