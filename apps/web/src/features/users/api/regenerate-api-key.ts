import { ADMIN_API_PATHS, ERROR_MESSAGES } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersApi } from './users-api';

/** Spec s.3: message and responseType; the API adds the new key, shown once. */
export type RegenerateKeyResponse = { responseType: boolean; message: string; apiKey?: string };

/**
 * PATCH /users/:id/regenerate-api-key with an empty body. Spec s.8: a failure resolves
 * {responseType:false, message:'Failed to regenerate API key'} instead of throwing.
 */
export async function regenerateApiKey(id: number): Promise<RegenerateKeyResponse> {
  try {
    const body = await api.patch<RegenerateKeyResponse>(ADMIN_API_PATHS.users.regenerateKey(id));
    if (body?.responseType !== true || typeof body.apiKey !== 'string' || !body.apiKey) {
      return { responseType: false, message: ERROR_MESSAGES.regenerateKey };
    }
    return body;
  } catch {
    return { responseType: false, message: ERROR_MESSAGES.regenerateKey };
  }
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    // hasApiKey may have changed from false to true.
    onSuccess: (result) => (result.responseType ? queryClient.invalidateQueries({ queryKey: usersApi.keys.all }) : undefined),
  });
}
