import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { NO, type Shape, shapeOf } from './reply-shape.js';

/**
 * The reply serialiser of every route. fastify-type-provider-zod's writes a reply as
 * `JSON.stringify(z.encode(schema, data))`: zod copies the whole reply into new objects before it
 * is stringified, which on a 500-row list page was most of the serialisation time and much of the
 * garbage (issue 17, scripts/bench/benchmarks/list-scale.ts). Here a reply that already is what
 * zod would answer (reply-shape.ts checks that, without copying) is stringified as it is; one with
 * extra fields is pruned by a leaner copy; anything else (a wrong type: zod's error, as before; a
 * schema reply-shape.ts does not compile) goes through zod's serialiser. The bytes are zod's in
 * every case (reply-serializer.test.ts runs both over the same replies).
 */

type Serialize = (data: unknown) => string;

// One compiled shape per zod schema: many routes share a response schema (every error status
// shares errorReplySchema).
const shapes = new WeakMap<z.ZodType, Shape | null>();

function cachedShape(schema: z.ZodType): Shape | undefined {
  let shape = shapes.get(schema);
  if (shape === undefined) {
    shape = shapeOf(schema) ?? null;
    shapes.set(schema, shape);
  }
  return shape ?? undefined;
}

/** What Fastify hands a serializer compiler: a zod schema, or `{ properties: zodSchema }` (as fastify-type-provider-zod reads it). */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof $ZodType) return schema as unknown as z.ZodType;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof $ZodType ? (inner as unknown as z.ZodType) : undefined;
}

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * The serializer compiler for `app.setSerializerCompiler`. Fastify calls it for every route and
 * status at start-up; the shape waits for the first reply of that status, so start-up (and every
 * test's app) does not compile hundreds it never uses.
 */
export function replySerializerCompiler(route: RouteSchema): Serialize {
  const slow = zodSerializerCompiler(route);
  let shape: Shape | null | undefined;
  return (data) => {
    if (shape === undefined) {
      const schema = zodSchemaOf(route.schema);
      shape = (schema && cachedShape(schema)) ?? null;
    }
    const kept = shape ? shape(data) : NO;
    return kept === NO ? slow(data) : JSON.stringify(kept);
  };
}
