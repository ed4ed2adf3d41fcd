import {
  challengeTokenSchema,
  factorVerificationSchema,
  loginResponseSchema,
  passkeyOptionsResponseSchema,
  passkeySignInSchema,
  passkeyVerificationSchema,
  SECOND_FACTOR_PATHS as P,
  SERVER_MESSAGES,
  webAuthnChallengeResponseSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http-schemas.js';
import { clientMeta } from '../../plugins/auth.js';
import type { perMinute } from '../../plugins/rate-limit.js';
import { createSecondStepService } from './second-step.service.js';
import type { SignInCore } from './sign-in-core.js';
import { signedInReply } from './signed-in-reply.js';

type Limits = { core: SignInCore; loginLimit: ReturnType<typeof perMinute>; otpLimit: ReturnType<typeof perMinute> };

/**
 * The two-step page's other factors (rate-limited as the e-mailed code is) and "Sign in with a
 * passkey" on the sign-in page (rate-limited as the password is). All public: the challenge
 * token, or the WebAuthn challenge, is what authorises them.
 */
export default async function secondStepRoutes(app: FastifyInstance, { core, loginLimit, otpLimit }: Limits) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const steps = createSecondStepService(
    { db: app.db, config: app.config, clock: app.clock, mailer: app.mailer, sessions: app.sessions, log: app.log },
    core,
  );
  const form = <Body extends z.ZodType, Reply extends z.ZodType>(
    summary: string,
    body: Body,
    reply: Reply,
    rateLimit: ReturnType<typeof perMinute>,
  ) => ({
    config: { permission: 'public' as const, loginReply: true as const, rateLimit },
    schema: { tags: ['auth'], summary, body, response: { 200: reply, ...errors(400, 429) } },
  });

  r.post(
    P.verify,
    form('Second step with a code from the authenticator app or a recovery code', factorVerificationSchema, loginResponseSchema, otpLimit),
    async (request, reply) =>
      signedInReply(request, reply, await steps.verifyFactor(request.body, clientMeta(request)), SERVER_MESSAGES.otpVerified),
  );

  r.post(
    P.passkeyOptions,
    form('WebAuthn options for the passkey step of a challenge', challengeTokenSchema, passkeyOptionsResponseSchema, otpLimit),
    async (request) => ({ data: { options: await steps.passkeyOptions(request.body.token) } }),
  );

  r.post(
    P.passkeyVerify,
    form('Second step with a passkey', passkeyVerificationSchema, loginResponseSchema, otpLimit),
    async (request, reply) => {
      const result = await steps.verifyPasskey(request.body.token, request.body.credential, clientMeta(request));
      return signedInReply(request, reply, result, SERVER_MESSAGES.otpVerified);
    },
  );

  r.post(
    P.passkeySignInOptions,
    form('WebAuthn options to sign in with a passkey alone', z.object({}).strict(), webAuthnChallengeResponseSchema, loginLimit),
    async () => ({ data: await steps.passkeySignInOptions() }),
  );

  r.post(
    P.passkeySignIn,
    form('Sign in with a passkey alone (for users who chose so)', passkeySignInSchema, loginResponseSchema, loginLimit),
    async (request, reply) => {
      const result = await steps.passkeySignIn(request.body, clientMeta(request));
      return signedInReply(request, reply, result, SERVER_MESSAGES.loginSuccess);
    },
  );
}
