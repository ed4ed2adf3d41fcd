import {
  API_PATHS,
  csrfResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  maskEmail,
  operationResponseSchema,
  otpRequestSchema,
  otpResendRequestSchema,
  otpTokenCheckResponseSchema,
  resetPasswordRequestSchema,
  resetTokenCheckRequestSchema,
  resetTokenCheckResponseSchema,
  SERVER_MESSAGES,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http-schemas.js';
import { csrfTokenFor } from '../../lib/tokens.js';
import { clientMeta, optionalSession, requireAuth } from '../../plugins/auth.js';
import { clearSessionCookies, setSessionCookies } from '../../plugins/csrf.js';
import { perMinute } from '../../plugins/rate-limit.js';
import { createAuthService } from './auth.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import secondStepRoutes from './second-step.routes.js';
import { createSignInCore } from './sign-in-core.js';
import { signedInReply } from './signed-in-reply.js';

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const c = app.config;
  const deps = { db: app.db, config: c, clock: app.clock, mailer: app.mailer, sessions: app.sessions, log: app.log, live: app.live };
  const core = createSignInCore(deps);
  const auth = createAuthService(deps, core);
  const reset = createPasswordResetService(deps);
  const tags = ['auth'];
  const loginLimit = perMinute(c.rateLimitLoginPerMinute);
  const otpLimit = perMinute(c.rateLimitOtpPerMinute);
  const resetLimit = perMinute(c.rateLimitResetPerMinute);
  const security = [{ bearer: [] }];

  /** A form of the sign-in pages: public and rate-limited, a JSON body, 400 and 429 besides its answer. */
  const publicForm = <Body extends z.ZodType, Reply extends z.ZodType>(
    summary: string,
    form: { body: Body; reply: Reply; rateLimit: ReturnType<typeof perMinute>; loginReply?: true },
  ) => ({
    config: { permission: 'public' as const, loginReply: form.loginReply, rateLimit: form.rateLimit },
    schema: { tags, summary, body: form.body, response: { 200: form.reply, ...errors(400, 429) } },
  });

  /** A call the SPA makes with its bearer token (`permission` 'public' where a missing session is fine). */
  const bearerCall = <Reply extends z.ZodType, Status extends number>(
    permission: 'session' | 'public',
    summary: string,
    reply: Reply,
    ...statuses: Status[]
  ) => ({ config: { permission }, schema: { tags, summary, security, response: { 200: reply, ...errors(...statuses) } } });

  r.post(
    API_PATHS.auth.login,
    publicForm('Sign in', { body: loginRequestSchema, reply: loginResponseSchema, rateLimit: loginLimit, loginReply: true }),
    async (request, reply) => {
      const result = await auth.login(request.body, clientMeta(request));
      if (result.kind === 'session') return signedInReply(request, reply, result, SERVER_MESSAGES.loginSuccess);
      // The challenge token stands in for the access token; it opens /otp/{token} and nothing else.
      return {
        responseType: true,
        message: SERVER_MESSAGES.otpSent,
        loginType: 'otp' as const,
        data: { accessToken: result.challengeToken, user: { email: result.email } },
      };
    },
  );

  r.get(
    '/auth/get-token/:id',
    {
      config: { permission: 'public', rateLimit: otpLimit },
      schema: {
        tags,
        summary: 'Check a two-step challenge token',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: otpTokenCheckResponseSchema, ...errors(429) },
      },
    },
    async (request) => {
      const result = await auth.checkChallenge(request.params.id);
      if (!result.verify) return { data: { verify: false, email: '' } };
      return { data: { verify: true, email: maskEmail(result.email), factors: result.factors } };
    },
  );

  r.post(
    API_PATHS.auth.otpVerification,
    publicForm('Submit the e-mailed code', { body: otpRequestSchema, reply: loginResponseSchema, rateLimit: otpLimit, loginReply: true }),
    async (request, reply) => {
      const result = await auth.verifyCode(request.body.token, request.body.otp, clientMeta(request));
      return signedInReply(request, reply, result, SERVER_MESSAGES.otpVerified);
    },
  );

  r.post(
    API_PATHS.auth.otpResend,
    publicForm('Replace the code with a new one', {
      body: otpResendRequestSchema,
      reply: operationResponseSchema,
      rateLimit: otpLimit,
      loginReply: true,
    }),
    async (request) => {
      await auth.resendCode(request.body.token);
      return { success: true, message: SERVER_MESSAGES.otpSent };
    },
  );

  r.post(
    API_PATHS.auth.requestPassword,
    publicForm('E-mail a password reset link', {
      body: forgotPasswordRequestSchema,
      reply: operationResponseSchema,
      rateLimit: resetLimit,
    }),
    async (request) => {
      await reset.request(request.body.email, clientMeta(request));
      return { success: true, message: SERVER_MESSAGES.resetRequested };
    },
  );

  r.post(
    API_PATHS.auth.resetPasswordCheck,
    // Limited like its siblings: guessing tokens through it is as slow as through the reset itself.
    publicForm('Check a password reset link without using it', {
      body: resetTokenCheckRequestSchema,
      reply: resetTokenCheckResponseSchema,
      rateLimit: resetLimit,
    }),
    async (request) => ({ data: { valid: await reset.check(request.body.resetToken) } }),
  );

  r.post(
    API_PATHS.auth.resetPassword,
    publicForm('Set a new password with a reset token', {
      body: resetPasswordRequestSchema,
      reply: operationResponseSchema,
      rateLimit: resetLimit,
    }),
    async (request) => {
      await reset.reset(request.body.resetToken, request.body.newPassword);
      return { success: true, message: SERVER_MESSAGES.resetDone };
    },
  );

  r.get(
    API_PATHS.auth.csrfToken,
    bearerCall('session', 'The CSRF token of the current session (also set as cookies)', csrfResponseSchema, 401),
    async (request, reply) => {
      const a = requireAuth(request);
      const token = csrfTokenFor(a.token, a.sessionId);
      setSessionCookies(request, reply, {
        sessionId: a.sessionId,
        csrfToken: token,
        maxAgeSeconds: app.sessions.cookieMaxAgeSeconds(a.rememberMe),
      });
      return { data: token };
    },
  );

  r.post(
    API_PATHS.auth.logout,
    // Public: works without a (valid) session too, so signing out never bounces the browser to
    // /token-expiry; a valid session (optionalSession) is ended.
    bearerCall('public', 'End the current session and clear the cookies', operationResponseSchema, 403),
    async (request, reply) => {
      const session = await optionalSession(request);
      if (session) await app.sessions.end(session.sessionId, 'logout');
      clearSessionCookies(reply);
      return { success: true, message: SERVER_MESSAGES.loggedOut };
    },
  );

  await secondStepRoutes(app, { core, loginLimit, otpLimit });

  r.post(
    API_PATHS.auth.heartbeat,
    bearerCall('session', 'Keep the session alive while the user is active', operationResponseSchema, 401, 403),
    async (request) => {
      await app.sessions.touch(requireAuth(request).sessionId);
      return { success: true, message: 'Session active' };
    },
  );
}
