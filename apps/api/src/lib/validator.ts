import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { findUnsafeInput, unsafeInputError } from './input-guard.js';

/**
 * The app's validator compiler: the zod one of fastify-type-provider-zod, preceded by the
 * unsafe-input check (NUL, lone surrogates, deep nesting) on every part a route validates, so
 * the rule holds for every params, query string and JSON body schema, present and future.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const unsafe = findUnsafeInput(data);
    if (unsafe) return { error: unsafeInputError(unsafe, route.httpPart ?? 'body') };
    return validate(data);
  };
};
