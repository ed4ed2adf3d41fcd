import { errorResponseSchema } from '@console/contract';
import { z } from 'zod';

/** The error body as the API sends it; sign-in and OTP failures add the two login fields. */
export const errorReplySchema = errorResponseSchema.extend({
  responseType: z.literal(false).optional(),
  loginType: z.literal('default').optional(),
});

/** Declares the usual error statuses of a route for the OpenAPI document. */
export const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorReplySchema])) as { [K in S]: typeof errorReplySchema };
