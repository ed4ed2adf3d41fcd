import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { assertValidKey, InvalidStorageKey, normaliseStoredPath, thumbnailKeyFor } from '../../lib/storage/index.js';
import { storedFileHeaders } from '../../lib/uploads/index.js';

/**
 * GET /files/<key>: a stored logo or avatar, to any signed-in caller (permission 'session',
 * declared below). Keys are server-generated UUID paths; the path is normalised (spec s.3:
 * backslashes become slashes) and validated before it reaches the storage. Only the folders of
 * images shown across the console are served here; bulk-upload sources and other private
 * folders are not (their modules serve them behind their own permission).
 * `?thumb=1` answers the WebP thumbnail (the original when an image has none).
 */

const SERVED_FOLDERS = new Set(['profile', 'companies', 'clients', 'media']);

export function fileKeyFromPath(raw: string): string {
  const key = normaliseStoredPath(raw);
  try {
    assertValidKey(key);
  } catch (err) {
    if (err instanceof InvalidStorageKey) throw new AppError('VALIDATION', 'Invalid file path', { key: err.message });
    throw err;
  }
  return key;
}

export default async function filesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/files/*',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['files'],
        summary: 'A stored file (logo, profile image); ?thumb=1 for its thumbnail',
        security: [{ bearer: [] }],
        params: z.object({ '*': z.string().max(1024) }),
        querystring: z.object({ thumb: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: errors(400, 401, 404),
      },
    },
    async (request, reply) => {
      const key = fileKeyFromPath(request.params['*']);
      if (!SERVED_FOLDERS.has(key.split('/')[0] ?? '')) throw new AppError('NOT_FOUND');
      const wantThumb = request.query.thumb === '1' || request.query.thumb === 'true';
      const thumbKey = wantThumb ? thumbnailKeyFor(key) : undefined;
      const thumb = thumbKey ? await app.storage.get(thumbKey) : null;
      const file = thumb ?? (await app.storage.get(key));
      if (!file) throw new AppError('NOT_FOUND');
      const served = thumb && thumbKey ? thumbKey : key;
      const name = served.slice(served.lastIndexOf('/') + 1);
      reply.headers(storedFileHeaders({ ...file, name, disposition: 'inline' }));
      return reply.send(file.stream as never);
    },
  );
}
