import { API_PATHS, ERROR_MESSAGES } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { userSessionsApi } from './profile-lists-api';

/** POST /user-sessions/{id}/end: the session is refused on its next request. */
async function endSession(sessionId: string): Promise<{ success: boolean; message: string }> {
  try {
    return await api.post<{ success: boolean; message: string }>(API_PATHS.endUserSession(sessionId));
  } catch (error) {
    return { success: false, message: errorMessage(error, ERROR_MESSAGES.generic) };
  }
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsApi.keys.all }),
  });
}
