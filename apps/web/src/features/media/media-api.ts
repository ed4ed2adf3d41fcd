import {
  type CampaignMedia,
  type Client,
  campaignMediaResource,
  clientsResource,
  type DemoMedia,
  demoMediaResource,
  type MediaKind,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createResourceApi, type ResourceApi } from '../../components/resource';
import type { RouteQueries } from '../../lib/route-prefetch';
import { type ClientWithMedia, mediaClientOptions } from './components/media-client-options';
import { parseClientId } from './components/media-filters';

/** GET /demo-media (clientId filter), add, update, delete and exports (incl. the spec's /demo-media/export/csv). */
export const demoMediaApi = createResourceApi<DemoMedia>(demoMediaResource);
/** GET /campaign-media (clientId filter), add, update, delete and exports. */
export const campaignMediaApi = createResourceApi<CampaignMedia>(campaignMediaResource);

export type MediaRow = DemoMedia & Partial<Pick<CampaignMedia, 'campaignName' | 'startDate' | 'endDate'>>;

/** The list filter (`?clientId=`; none: every client's media), part of the list's key. */
export const mediaFilters = (clientId: number | undefined) => (clientId ? { clientId } : {});

/** What a media screen asks for first: the page of its list the URL selects. */
const mediaRouteQueries =
  (resourceApi: ResourceApi<MediaRow>): RouteQueries =>
  (params) => [resourceApi.listQueryForUrl(params, mediaFilters(parseClientId(params)))];
export const demoMediaRouteQueries = mediaRouteQueries(demoMediaApi as ResourceApi<MediaRow>);
export const campaignMediaRouteQueries = mediaRouteQueries(campaignMediaApi as ResourceApi<MediaRow>);

const clients = createResourceApi<Client>(clientsResource);

/**
 * The client picker and the drawer's client list: every client by name (one call, with its media
 * counts), narrowed here to those that fit the kind or still hold media of it (mediaClientOptions).
 */
export function useMediaClients(kind: MediaKind) {
  const query = useQuery(
    clients.optionsQueryOptions(
      'id-name-type-media',
      ({ id, name, type, demoMedia, campaignMedia }): ClientWithMedia => ({ id, name, type, demoMedia, campaignMedia }),
    ),
  );
  return { ...query, data: query.data ? mediaClientOptions(query.data, kind) : undefined };
}
