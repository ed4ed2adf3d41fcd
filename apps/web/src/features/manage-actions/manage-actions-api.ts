import { type ManageAction, manageActionsResource } from '@console/contract';
import { useQuery } from '../../lib/use-query';
import { readListOrEmpty } from '../../lib/api-client';
import { createResourceApi, urlFilterSpec } from '../../components/resource';

/** The list filter the screen offers, kept in the URL (`?clientId=`; none: every client's actions), part of the list's key. */
export const ACTION_FILTERS = urlFilterSpec(manageActionsResource.list.filters, ['clientId']);

/** GET /manage-actions (clientId filter), add, update, delete and exports. */
export const manageActionsApi = createResourceApi<ManageAction>(manageActionsResource, { urlFilters: ACTION_FILTERS });
/** The client picker and the drawer's client list: every client by name; the picker marks an inactive one. */
export const CLIENT_OPTIONS = { fields: ['name', 'status'] } as const;

export type MediaOption = { id: number; title: string; kind: 'demo' | 'campaign' };

// The media screens' lists (DESIGN s.4b): GET /demo-media and /campaign-media take clientId.
// A picker reads whole list pages, so it sits under the media resources' own 'list' keys and is
// refreshed by their writes; a failed read (no permission, module not there) leaves that kind out.
const MEDIA_PAGE = { page: 1, limit: 500 } as const;
const mediaList = (kind: MediaOption['kind'], clientId: number | undefined) => ({
  queryKey: [`${kind}-media`, 'list', { clientId }, MEDIA_PAGE] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    readListOrEmpty<{ id: number; title: string }>(`/${kind}-media`, { clientId, ...MEDIA_PAGE }, signal),
  // The cache holds the page as the list answers it; the picker keeps what it shows.
  select: (page: { data: { id: number; title: string }[] }) => page.data.map((m): MediaOption => ({ id: m.id, title: m.title, kind })),
  enabled: Boolean(clientId),
  staleTime: 30_000,
});

/** The media a show-media action of this client may name: its demo media and campaign media. */
export function useClientMedia(clientId: number | undefined) {
  const demo = useQuery(mediaList('demo', clientId));
  const campaign = useQuery(mediaList('campaign', clientId));
  return {
    media: [...(demo.data ?? []), ...(campaign.data ?? [])],
    isLoading: demo.isLoading || campaign.isLoading,
  };
}
