import { type OperationResponse, SECOND_FACTOR_PATHS } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /users/:id/second-factors/reset: the user's app, recovery codes and passkeys are removed (audited). */
export const useResetSecondFactors = () =>
  useMutation({ mutationFn: (id: number) => api.post<OperationResponse>(SECOND_FACTOR_PATHS.reset(id)) });
