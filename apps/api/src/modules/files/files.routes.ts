import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { assertValidKey, InvalidStorageKey, normaliseStoredPath, parseRangeHeader, thumbnailKeyFor } from '../../lib/storage/index.js';
import { storedFileHeaders } from '../../lib/uploads/index.js';
import type { AuthContext } from '../../types.js';
import { findFileOwner } from './files.repository.js';

/**
 * GET /files/<key>: a stored logo, avatar or media file, to a caller who may see the row that
 * owns it (files.repository.ts: the media's view key for a media file and its thumbnail,
 * `users.view` or self for a profile image, `clients.view` / `companies.view` for a logo). The
 * route itself only needs a session (it may also come from the userDetails cookie, so a media
 * element can stream the file itself); the owner's key is checked here, per file. A key no row
 * owns, or whose row the caller may not see, answers 404 alike (the refusal is audited), so the
 * route tells nothing about files a caller may not see. Keys are server-generated and
 * unguessable; the path is normalised (spec s.3: backslashes become slashes) and validated
 * before it reaches the storage. Bulk-upload parts are not served here (their module serves
 * what it shows behind the upload's own key).
 * `?thumb=1` answers the WebP thumbnail (the original when an image has none).
 * Range requests (one `bytes=` range) answer 206 with Content-Range, or 416 when no byte of the
 * file is in the range: video and audio players seek with them (DESIGN s.4b). A request with
 * If-Range gets the whole file: we keep no validator to compare it with.
 */

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
        summary:
          'A stored file (logo, profile image, media) to a caller who may see its row; ?thumb=1 for its thumbnail; HTTP Range (206/416)',
        security: [{ bearer: [] }],
        params: z.object({ '*': z.string().max(1024) }),
        querystring: z.object({ thumb: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: errors(400, 401, 404, 416),
      },
    },
    async (request, reply) => {
      const key = fileKeyFromPath(request.params['*']);
      await assertMaySee(request, key);
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

/** 404 unless the caller may see the row that owns the file (self, or the owner's view key). */
async function assertMaySee(request: FastifyRequest, key: string) {
  const auth = request.auth as AuthContext; // the route's 'session' permission ran first
  const owner = await findFileOwner(request.server.db, key);
  if (!owner) throw new AppError('NOT_FOUND');
  if (owner.userId === auth.user.id || (await auth.can(owner.viewKey))) return;
  await request.server.audit.record(request, {
    action: 'permission-denied',
    entity: 'file',
    entityId: key,
    after: { required: [owner.viewKey] },
  });
  throw new AppError('NOT_FOUND');
}
