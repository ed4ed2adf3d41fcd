import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { filePartSchema, type MultipartBodyDoc } from '../lib/http-schemas.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/**
 * zod -> JSON schema for every route, plus the request body of multipart routes: they validate
 * in `withForm`, not through Fastify, so they declare `multipartBody` (lib/http-schemas.ts) and
 * get `multipart/form-data` (fields + file part) and `application/json` (fields) bodies here.
 */
function openApiTransform(input: TransformInput) {
  const { multipartBody: form, ...schema } = (input.schema ?? {}) as Record<string, unknown> & { multipartBody?: MultipartBodyDoc };
  if (!form) return jsonSchemaTransform(input);
  const out = jsonSchemaTransform({ ...input, schema: { ...schema, body: form.fields } } as TransformInput);
  const fields = (out.schema as { body: JsonObject }).body;
  const withFile: JsonObject = form.fileField
    ? { ...fields, properties: { ...fields.properties, [form.fileField]: filePartSchema(form) } }
    : fields;
  const { consumes: _consumes, ...rest } = out.schema as Record<string, unknown>;
  return {
    ...out,
    schema: { ...rest, body: { content: { 'multipart/form-data': { schema: withFile }, 'application/json': { schema: fields } } } },
  };
}

/**
 * OpenAPI generated from the routes' zod schemas (the contract's). The document is served at
 * /api/openapi.json (health routes) and browsed at /api/docs.
 */
export default fp(async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.productName} console API`,
        version: '0.1.0',
        description:
          'Bearer access token from POST /auth/login. Mutations made with a session also need the x-xsrf-token header (GET /auth/csrf-token).',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Opaque access token' },
          // Devices: POST /device/user-requests only (a user's key from regenerate-api-key).
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: "A user's API key" },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(async function docsUi(docs) {
    // The browsable docs are public like the document they show (/api/openapi.json); the UI
    // plugin takes no route config, so its routes are declared here (route-permissions.ts).
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    });
  });
});
