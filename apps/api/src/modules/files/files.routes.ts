import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { assertValidKey, InvalidStorageKey, normaliseStoredPath, parseRangeHeader, thumbnailKeyFor } from '../../lib/storage/index.js';
import { storedFileHeaders } from '../../lib/uploads/index.js';

/**
 * GET /files/<key>: a stored logo, avatar or media file, to any signed-in caller (permission
 * 'session', declared below; the session may also come from the userDetails cookie, so a media
 * element can stream the file itself). Keys are server-generated UUID paths; the path is normalised (spec s.3:
 * backslashes become slashes) and validated before it reaches the storage. Only the folders of
 * images shown across the console are served here; bulk-upload sources and other private
 * folders are not (their modules serve them behind their own permission).
 * `?thumb=1` answers the WebP thumbnail (the original when an image has none).
 * Range requests (one `bytes=` range) answer 206 with Content-Range, or 416 when no byte of the
 * file is in the range: video and audio players seek with them (DESIGN s.4b). A request with
 * If-Range gets the whole file: we keep no validator to compare it with.
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
      // Video and audio previews stream from here with Range requests: the session may come from the cookie.
      config: { permission: 'session', cookieSession: true },
      schema: {
        tags: ['files'],
        summary: 'A stored file (logo, profile image, media); ?thumb=1 for its thumbnail; HTTP Range (206/416)',
        security: [{ bearer: [] }],
        params: z.object({ '*': z.string().max(1024) }),
        querystring: z.object({ thumb: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: errors(400, 401, 404, 416),
      },
    },
    async (request, reply) => {
      const key = fileKeyFromPath(request.params['*']);
      if (!SERVED_FOLDERS.has(key.split('/')[0] ?? '')) throw new AppError('NOT_FOUND');
      const wantThumb = request.query.thumb === '1' || request.query.thumb === 'true';
      const thumbKey = wantThumb ? thumbnailKeyFor(key) : undefined;
      const range = request.headers['if-range'] ? undefined : parseRangeHeader(request.headers.range);
      const thumb = thumbKey ? await app.storage.get(thumbKey, { range }) : null;
      const file = thumb ?? (await app.storage.get(key, { range }));
      if (!file) throw new AppError('NOT_FOUND');
      const served = thumb && thumbKey ? thumbKey : key;
      const name = served.slice(served.lastIndexOf('/') + 1);
      reply.header('accept-ranges', 'bytes');
      if (file.range === null) {
        file.stream.destroy();
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file');
      }
      const part = file.range;
      reply.headers(storedFileHeaders({ ...file, size: part ? part.end - part.start + 1 : file.size, name, disposition: 'inline' }));
      // 206 is a stream like the 200 (never serialised), so it is not among the schema's answers.
      if (part) (reply as FastifyReply).code(206).header('content-range', `bytes ${part.start}-${part.end}/${file.size}`);
      return reply.send(file.stream as never);
    },
  );
}
