import type { JsonSchema } from './schema-arbitrary.js';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export type Operation = {
  /** "POST /api/users/add" */
  id: string;
  method: string;
  /** OpenAPI path with {param} placeholders. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  /** Request body schemas by media type (application/json, multipart/form-data). */
  body: { json?: JsonSchema; multipart?: JsonSchema };
  /** No security requirement: the fuzzer expects real work, not 401, from an anonymous call. */
  isPublic: boolean;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      out.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: { json: content['application/json']?.schema, multipart: content['multipart/form-data']?.schema },
        isPublic: !op.security || op.security.length === 0,
      });
    }
  }
  return out;
}

/** The file parts of a multipart schema (properties of format binary). */
export function filePartsOf(schema: JsonSchema | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, s]) => s.format === 'binary' || (s.type === 'array' && s.items?.format === 'binary'))
    .map(([name]) => name);
}
