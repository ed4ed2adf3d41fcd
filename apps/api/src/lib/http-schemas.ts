import { errorResponseSchema } from '@console/contract';
import { z } from 'zod';
import { CATEGORY_LABEL, type UploadCategory } from './uploads/types.js';

/** The error body as the API sends it; sign-in and OTP failures add the two login fields. */
export const errorReplySchema = errorResponseSchema.extend({
  responseType: z.literal(false).optional(),
  loginType: z.literal('default').optional(),
});

/** Declares the usual error statuses of a route for the OpenAPI document. */
export const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorReplySchema])) as { [K in S]: typeof errorReplySchema };

/**
 * What a multipart route documents as its request body (see `multipartBody`). The fields are
 * still validated by `withForm` with the same schema: this only feeds the OpenAPI document.
 */
export type MultipartBodyDoc = {
  /** The form's fields, as `withForm` parses them. */
  fields: z.ZodType;
  /** The file part's name, e.g. 'profile' or 'logo' (absent: a form without files). */
  fileField?: string;
  /** What the file may be (documentation of the content check `withForm` makes). */
  allowed?: UploadCategory;
  /** Several file parts under `fileField` (bulk uploads). */
  many?: boolean;
};

/**
 * The OpenAPI request body of a multipart form route: `multipart/form-data` (the fields plus the
 * binary file part) and `application/json` (the same fields, no file). Put it in the route's
 * schema as `multipartBody: multipartBody(schema, form)`; plugins/swagger.ts turns it into the
 * document's requestBody. Route validation is unchanged (Fastify does not read this key).
 */
export const multipartBody = (fields: z.ZodType, form: Omit<MultipartBodyDoc, 'fields'> = {}): MultipartBodyDoc => ({ fields, ...form });

/** The JSON schema of the file part of a multipart body. */
export function filePartSchema(doc: MultipartBodyDoc): Record<string, unknown> {
  const file = {
    type: 'string',
    format: 'binary',
    contentMediaType: 'application/octet-stream',
    description: `${doc.allowed ? `${CATEGORY_LABEL[doc.allowed]}; ` : ''}checked by its content, not its name or declared type`,
  };
  return doc.many ? { type: 'array', items: file } : file;
}
