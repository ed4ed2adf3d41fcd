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
import { createResourceApi } from '../../components/resource';

/** GET /demo-media (clientId filter), add, update, delete and exports (incl. the spec's /demo-media/export/csv). */
export const demoMediaApi = createResourceApi<DemoMedia>(demoMediaResource);
/** GET /campaign-media (clientId filter), add, update, delete and exports. */
export const campaignMediaApi = createResourceApi<CampaignMedia>(campaignMediaResource);

export type MediaRow = DemoMedia & Partial<Pick<CampaignMedia, 'campaignName' | 'startDate' | 'endDate'>>;

/** Which clients may hold each kind (DESIGN s.4b): demo media for demo/both, campaign media for live/both. */
const CLIENT_TYPES_OF: Record<MediaKind, readonly Client['type'][]> = {
  'demo-media': ['demo', 'both'],
  'campaign-media': ['live', 'both'],
};

const clients = createResourceApi<Client>(clientsResource);
export type ClientOption = { id: number; name: string; type: Client['type'] };

/** The client picker and the drawer's client list: every client by name (one call), narrowed to the kind's types here. */
export function useMediaClients(kind: MediaKind) {
  const query = useQuery(clients.optionsQueryOptions('id-name-type', ({ id, name, type }): ClientOption => ({ id, name, type })));
  const allowed = CLIENT_TYPES_OF[kind];
  return { ...query, data: query.data?.filter((c) => allowed.includes(c.type)) };
}
