import { ADMIN_API_PATHS, type AboutUpdateResponse, aboutUpdateResponseSchema } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, isRememberedSession, saveSession } from '../../../lib/auth/session';
import { applyUserColors } from '../../../lib/theme/colors-store';
import { sessionUserAfterUpdate } from '../logic/about-form';
import { aboutKey } from './get-about';

/** PATCH /about/update/{id} (multipart: names, phone, colours, file part `profile`, removeProfile). */
async function updateAbout({ userId, body }: { userId: number; body: FormData }): Promise<AboutUpdateResponse> {
  return aboutUpdateResponseSchema.parse(await api.patch(ADMIN_API_PATHS.about.update(userId), body));
}

/**
 * Saves the profile, then at once: the userDetails cookie (top bar name and avatar), the theme
 * colours and the cached about record. Failures throw the ApiError for the form to show.
 */
export function useUpdateAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAbout,
    onSuccess: (result, { userId }) => {
      const session = getSession();
      if (session) {
        const user = sessionUserAfterUpdate(session.user, result.user);
        saveSession({ accessToken: session.accessToken, user }, { persistent: isRememberedSession() });
        applyUserColors(user);
      }
      queryClient.setQueryData(aboutKey(userId), result.data);
    },
  });
}
