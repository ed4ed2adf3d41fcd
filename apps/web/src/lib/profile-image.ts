import { API_BASE } from './api-client';

/**
 * URL of a user's profile picture. The stored path may use backslashes (spec s.3: converted
 * to slashes); absolute URLs pass through; relative paths are served by the API's storage
 * route under the profile folder.
 */
export function profileImageUrl(profile: string | null | undefined): string | null {
  if (!profile) return null;
  const path = profile.trim().replace(/\\/g, '/');
  if (!path) return null;
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('/')) return path;
  const inFolder = path.startsWith('profile/') ? path : `profile/${path}`;
  return `${API_BASE}/storage/${inFolder.split('/').map(encodeURIComponent).join('/')}`;
}
