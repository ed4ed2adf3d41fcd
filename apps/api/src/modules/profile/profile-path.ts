import { profileImageKey } from '../../lib/storage/index.js';

/**
 * A user's `profile` as the API returns it (spec s.3): the storage key under the profile folder,
 * backslashes turned into slashes, so `/api/files/<profile>` serves it. A stored value that is
 * not a valid key (never written by this API) is answered as null rather than failing the list.
 */
export function profilePath(stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    return profileImageKey(stored);
  } catch {
    return null;
  }
}
