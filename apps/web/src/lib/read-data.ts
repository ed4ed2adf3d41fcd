import type { z } from 'zod';
import { api, type QueryValue } from './api-client';

/**
 * GET `path` and parse its `{data}` answer with `schema`. Any failure (network, HTTP error,
 * an unexpected shape) rejects with `rejection`, the spec's stored message for that call
 * (s.8), the cause attached; a cancelled call re-raises its own abort.
 */
export async function readData<S extends z.ZodType>(
  path: string,
  schema: S,
  rejection: string,
  { query, signal }: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await api.get<unknown>(path, { query, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(rejection, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(rejection, { cause: parsed.error });
  return parsed.data;
}
