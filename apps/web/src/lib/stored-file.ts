import { ADMIN_API_PATHS } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from './use-query';
import { useEffect, useState } from 'react';
import { API_SAME_ORIGIN, api, buildUrl } from './api-client';

/**
 * Stored files (company logos, profile images) are served by GET /files/<key>, which needs the
 * bearer token like every API route. An <img src> cannot send that header, so images are
 * fetched through the API client and shown from an object URL.
 */

/** 'profile\\2024\\a.png' or '/profile/a.png' -> 'profile/2024/a.png' (spec s.3: backslashes become slashes). */
function storedFileKey(path: string | null | undefined): string | null {
  if (!path) return null;
  const key = path.trim().replace(/\\/g, '/').replace(/^\/+/, '');
  return key || null;
}

const storedFileQuery = (key: string, thumb: boolean) =>
  queryOptions({
    queryKey: ['stored-file', key, thumb],
    queryFn: ({ signal }) =>
      api.get<Blob>(ADMIN_API_PATHS.file(key), { query: thumb ? { thumb: 1 } : undefined, responseType: 'blob', signal }),
    // Keys are server-generated and never overwritten (a new upload gets a new key): cache for good.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });

/**
 * An object URL for a stored file, or undefined while it loads, when there is none or when it
 * cannot be read (callers show a fallback such as initials). `thumb` asks for the small WebP
 * thumbnail the API makes for every uploaded image.
 */
export function useStoredFileUrl(path: string | null | undefined, options: { thumb?: boolean } = {}): string | undefined {
  const key = storedFileKey(path);
  // Absolute URLs (e.g. a default image) need no authenticated fetch.
  const direct = key && /^(https?:|data:|blob:)/i.test(path ?? '') ? (path ?? undefined) : undefined;
  const thumb = options.thumb ?? false;
  const query = useQuery({ ...storedFileQuery(key ?? '', thumb), enabled: Boolean(key) && !direct });
  const blob = query.data;
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!(blob instanceof Blob)) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return direct ?? (key ? url : undefined);
}

/**
 * A URL a <video> or <audio> element streams from by itself, with Range requests: playback starts
 * at once and seeking fetches only what it needs, however large the file. GET /files takes the
 * session from the SPA's userDetails cookie when no bearer header comes, which the browser sends
 * only to this origin; an API on another host gets the object URL of the whole file instead.
 */
export function useStreamedFileUrl(path: string | null | undefined): string | undefined {
  const key = storedFileKey(path);
  const direct = key && API_SAME_ORIGIN ? buildUrl(ADMIN_API_PATHS.file(key)) : undefined;
  const whole = useStoredFileUrl(direct ? null : path);
  return direct ?? whole;
}
