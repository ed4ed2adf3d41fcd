import {
  ERROR_MESSAGES,
  type OperationResponse,
  passkeyResponseSchema,
  recoveryCodesResponseSchema,
  SECOND_FACTOR_PATHS as P,
  secondFactorsResponseSchema,
  totpSetupResponseSchema,
  webAuthnChallengeResponseSchema,
} from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { api } from '../../../lib/api-client';
import { readData } from '../../../lib/read-data';
import { registerPasskey } from '../../../lib/webauthn';

/** Under the module's name (profile), as every query of a module. */
const factorsKey = ['profile', 'second-factors'] as const;

const factorsQuery = queryOptions({
  queryKey: factorsKey,
  queryFn: ({ signal }) => readData(P.summary, secondFactorsResponseSchema, ERROR_MESSAGES.loadPosts, { signal }).then((b) => b.data),
});

export const useSecondFactors = () => useQuery(factorsQuery);

/** A write that refreshes the card when it is done (failures throw the API's message: errorMessage()). */
function useFactorWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey }) });
}

export const useStartTotp = () => useFactorWrite(async () => totpSetupResponseSchema.parse(await api.post(P.totp)).data);
export const useConfirmTotp = () =>
  useFactorWrite(async (code: string) => recoveryCodesResponseSchema.parse(await api.post(P.totpConfirm, { code })));
export const useRemoveTotp = () => useFactorWrite(() => api.delete<OperationResponse>(P.totp));
export const useRenewRecoveryCodes = () => useFactorWrite(async () => recoveryCodesResponseSchema.parse(await api.post(P.recoveryCodes)));
export const useRemovePasskey = () => useFactorWrite((id: string) => api.delete<OperationResponse>(P.passkey(id)));
export const useSetPasskeySignIn = () =>
  useFactorWrite((enabled: boolean) => api.put<OperationResponse>(P.passkeySignInSetting, { enabled }));

/** Options from the API, the browser's ceremony, then the answer to the API. */
export const useAddPasskey = () =>
  useFactorWrite(async (name: string) => {
    const { challengeId, options } = webAuthnChallengeResponseSchema.parse(await api.post(P.passkeyRegisterOptions)).data;
    const credential = await registerPasskey(options);
    return passkeyResponseSchema.parse(await api.post(P.passkeys, { challengeId, name, credential }));
  });
