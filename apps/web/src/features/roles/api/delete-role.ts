import { ADMIN_API_PATHS, ERROR_MESSAGES } from '@console/contract';
import { api, errorMessage, operationOrFailure } from '../../../lib/api-client';

export type DeleteOutcome = { success: boolean; message: string };

/**
 * DELETE /roles/delete/{id}. Spec s.8: a failed delete answers success false with an empty
 * message; the screen then shows the server's reason (e.g. 409 'This role is assigned to 3
 * users...') or the generic text, never an empty toast.
 */
export async function deleteRole(id: number): Promise<DeleteOutcome> {
  const result = await operationOrFailure(() => api.delete<DeleteOutcome>(ADMIN_API_PATHS.roles.remove(id)), '');
  if ('error' in result) return { success: false, message: errorMessage(result.error, ERROR_MESSAGES.generic) };
  return { success: result.success !== false, message: result.message ?? '' };
}
