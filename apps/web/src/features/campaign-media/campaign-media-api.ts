import { type CampaignMedia, campaignMediaResource } from '@console/contract';
import { MEDIA_FILTERS, type MediaRow } from '../../components/media';
import { createResourceApi, type ResourceApi } from '../../components/resource';

/** GET /campaign-media (clientId filter), add, update, delete and exports. */
export const campaignMediaApi = createResourceApi<CampaignMedia>(campaignMediaResource, {
  urlFilters: MEDIA_FILTERS,
}) as ResourceApi<MediaRow>;
