import { type Client, clientsResource } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../lib/api-client';
import { createResourceApi, resourceKeys, urlFilterSpec } from '../../components/resource';
import { toast } from '../../components/ui/toast';

/** The list filters (type, status, companyId: the contract's), kept in the URL. */
export const CLIENT_FILTERS = urlFilterSpec(clientsResource.list.filters);

/** GET /client (type, status, companyId filters), add, update, delete and exports. */
export const clientsApi = createResourceApi<Client>(clientsResource, { urlFilters: CLIENT_FILTERS });

type ListPage = { data: Client[]; total: number; totalPages: number };
export type ClientToggle =
  | { action: 'update-status'; id: number; body: { status: Client['status'] } }
  | {
      action: 'update-offline-mode';
      id: number;
      body: { offlineMode: boolean };
    };

/** Applies a toggle to a cached list page (the optimistic state the switch shows at once). */
export function applyToggle(page: ListPage | undefined, toggle: ClientToggle): ListPage | undefined {
  if (!page) return page;
  return { ...page, data: page.data.map((c) => (c.id === toggle.id ? { ...c, ...toggle.body } : c)) };
}

/**
 * PATCH /client/update-status/{id} and /update-offline-mode/{id}: the row changes at once, goes
 * back (with a toast) if the server refuses, and the lists are re-read either way.
 */
export function useClientToggle() {
  const queryClient = useQueryClient();
  const lists = [...resourceKeys(clientsResource.name).all, 'list'];
  return useMutation({
    mutationFn: (t: ClientToggle) => api.patch<{ message: string }>(clientsResource.api.action(t.action, t.id), t.body),
    onMutate: async (t) => {
      await queryClient.cancelQueries({ queryKey: lists });
      const snapshot = queryClient.getQueriesData<ListPage>({ queryKey: lists });
      queryClient.setQueriesData<ListPage>({ queryKey: lists }, (page) => applyToggle(page, t));
      return { snapshot };
    },
    onError: (error, _t, context) => {
      for (const [key, page] of context?.snapshot ?? []) queryClient.setQueryData(key, page);
      toast.error(errorMessage(error, 'The client could not be updated'));
    },
    onSuccess: (res) => toast.success(res.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys(clientsResource.name).all }),
  });
}
