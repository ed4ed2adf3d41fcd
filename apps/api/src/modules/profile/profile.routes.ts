import {
  ADMIN_API_PATHS,
  aboutSchema,
  aboutUpdateResponseSchema,
  aboutUpdateSchema,
  idParamSchema,
  PERMISSION_KEYS,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, multipartBody } from '../../lib/http-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { withForm } from '../../plugins/multipart.js';
import { createProfileService, PROFILE_MESSAGES } from './profile.service.js';

const ID = ':id' as unknown as number;

/** Profile "about" (spec s.7): GET /about/{id}, PATCH /about/update/{id} (multipart, image part `profile`). */
export default async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createProfileService(app);
  const tags = ['profile'];
  const security = [{ bearer: [] }];
  const form = { fileField: 'profile', allowed: 'image', use: 'avatar' } as const;

  r.get(
    ADMIN_API_PATHS.about.get(ID),
    {
      // No key: everyone may read their own about (see profile.service.ts); others' need super admin.
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "A profile: your own, or anyone's for a super admin",
        security,
        params: idParamSchema,
        response: { 200: z.object({ data: aboutSchema }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.read(requireAuth(request), request.params.id) }),
  );

  r.patch(
    ADMIN_API_PATHS.about.update(ID),
    {
      config: { permission: PERMISSION_KEYS.profile.update },
      schema: {
        tags,
        summary: 'Edit your own profile (names, phone, colours, image); answers the new session user fields',
        security,
        multipartBody: multipartBody(aboutUpdateSchema, form),
        params: idParamSchema,
        response: { 200: aboutUpdateResponseSchema, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      return withForm(request, form, aboutUpdateSchema, async (input, file) => {
        const auth = requireAuth(request);
        const result = await service.update(request, auth, request.params.id, input, file);
        return { success: true, message: PROFILE_MESSAGES.updated, ...result };
      });
    },
  );
}
