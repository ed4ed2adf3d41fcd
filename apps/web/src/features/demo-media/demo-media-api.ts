import { type DemoMedia, demoMediaResource } from '@console/contract';
import { MEDIA_FILTERS, type MediaRow } from '../../components/media';
import { createResourceApi, type ResourceApi } from '../../components/resource';

/** GET /demo-media (clientId filter), add, update, delete and exports (incl. the spec's /demo-media/export/csv). */
export const demoMediaApi = createResourceApi<DemoMedia>(demoMediaResource, { urlFilters: MEDIA_FILTERS }) as ResourceApi<MediaRow>;
