import {
  idParamSchema,
  operationResponseSchema,
  PERMISSION_KEYS,
  passkeyAddSchema,
  passkeyResponseSchema,
  passkeySignInSettingSchema,
  recoveryCodesResponseSchema,
  SECOND_FACTOR_MESSAGES as M,
  SECOND_FACTOR_PATHS as P,
  secondFactorsResponseSchema,
  totpConfirmSchema,
  totpSetupResponseSchema,
  webAuthnChallengeResponseSchema,
} from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { assertUserWithin, requestActor } from '../access/index.js';
import { createSecondFactorsService } from './second-factors.service.js';

const ID = ':id' as unknown as number;

/**
 * Own second factors (any signed-in user may secure their own account: permission 'session') and
 * the administrator's reset (users.reset-factors, within the caller's reach). Every change is
 * written to the audit log as an action on the user, so it shows in the user's change history.
 */
export default async function secondFactorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createSecondFactorsService(app);
  const tags = ['second-factors'];
  const security = [{ bearer: [] }];
  const own = <Reply extends z.ZodType, Status extends number = never>(summary: string, reply: Reply, ...statuses: Status[]) => ({
    config: { permission: 'session' as const },
    schema: { tags, summary, security, response: { 200: reply, ...errors(401, 403), ...errors(...statuses) } },
  });
  /** The same with a JSON body (its 400 included). */
  const ownWith = <Body extends z.ZodType, Reply extends z.ZodType, Status extends number = never>(
    summary: string,
    body: Body,
    reply: Reply,
    ...statuses: Status[]
  ) => ({
    config: { permission: 'session' as const },
    schema: { tags, summary, security, body, response: { 200: reply, ...errors(400, 401, 403), ...errors(...statuses) } },
  });
  const audit = (request: FastifyRequest, userId: number, action: string, before: unknown, after: unknown) =>
    app.audit.record(request, { action: `second-factor.${action}`, entity: 'user', entityId: userId, before, after });

  r.get(P.summary, own('Your second factors', secondFactorsResponseSchema), async (request) => ({
    data: await service.summary(requireAuth(request).user.id),
  }));

  r.post(P.totp, own('Start setting up an authenticator app (pending until confirmed)', totpSetupResponseSchema, 409), async (request) => {
    const data = await service.startTotp(requireAuth(request).user);
    return { message: M.totpStarted, data };
  });

  r.post(
    P.totpConfirm,
    ownWith('Confirm the app with its first code; answers the recovery codes, once', totpConfirmSchema, recoveryCodesResponseSchema, 409),
    async (request) => {
      const userId = requireAuth(request).user.id;
      const codes = await service.confirmTotp(userId, request.body.code);
      await audit(request, userId, 'totp-enabled', { authenticatorApp: false }, { authenticatorApp: true });
      return { message: M.totpEnabled, data: { codes } };
    },
  );

  r.delete(P.totp, own('Remove the authenticator app and its recovery codes', operationResponseSchema, 404), async (request) => {
    const userId = requireAuth(request).user.id;
    await service.removeTotp(userId);
    await audit(request, userId, 'totp-removed', { authenticatorApp: true }, { authenticatorApp: false });
    return { success: true, message: M.totpRemoved };
  });

  r.post(P.recoveryCodes, own('New recovery codes (the old ones stop working)', recoveryCodesResponseSchema, 409), async (request) => {
    const userId = requireAuth(request).user.id;
    const codes = await service.renewRecoveryCodes(userId);
    await audit(request, userId, 'recovery-codes-renewed', null, { recoveryCodesRenewed: true });
    return { message: M.recoveryRenewed, data: { codes } };
  });

  r.post(P.passkeyRegisterOptions, own('WebAuthn options to add a passkey', webAuthnChallengeResponseSchema, 409), async (request) => ({
    data: await service.passkeyOptions(requireAuth(request).user),
  }));

  r.post(
    P.passkeys,
    ownWith('Add a passkey with the authenticator answer', passkeyAddSchema, passkeyResponseSchema, 409),
    async (request) => {
      const userId = requireAuth(request).user.id;
      const data = await service.addPasskey(userId, request.body);
      await audit(request, userId, 'passkey-added', null, { passkey: data.name });
      return { message: M.passkeyAdded, data };
    },
  );

  const removeSchema = own('Remove one of your passkeys', operationResponseSchema, 404).schema;
  r.delete(
    `${P.passkeys}/:key`,
    { config: { permission: 'session' }, schema: { ...removeSchema, params: z.object({ key: z.string().min(1).max(1400) }) } },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const gone = await service.removePasskey(userId, request.params.key);
      await audit(request, userId, 'passkey-removed', { passkey: gone.name }, null);
      return { success: true, message: M.passkeyRemoved };
    },
  );

  r.put(
    P.passkeySignInSetting,
    ownWith('Whether a passkey alone signs you in', passkeySignInSettingSchema, operationResponseSchema, 409),
    async (request) => {
      const userId = requireAuth(request).user.id;
      await service.setPasskeySignIn(userId, request.body.enabled);
      await audit(request, userId, 'passkey-sign-in', { passkeySignIn: !request.body.enabled }, { passkeySignIn: request.body.enabled });
      return { success: true, message: request.body.enabled ? M.passkeySignInOn : M.passkeySignInOffSaved };
    },
  );

  r.post(
    P.reset(ID),
    {
      config: { permission: PERMISSION_KEYS.users.resetFactors },
      schema: {
        tags,
        summary: "Remove every second factor a user enrolled (audited); the e-mailed code stays as the spec's",
        security,
        params: idParamSchema,
        response: { 200: operationResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const userId = request.params.id;
      await assertUserWithin(app.db, requestActor(requireAuth(request)), userId, { entity: 'user', entityId: userId });
      const before = await service.summary(userId).catch(() => {
        throw new AppError('NOT_FOUND', 'User not found');
      });
      const removed = await service.reset(userId);
      await audit(
        request,
        userId,
        'reset',
        { authenticatorApp: before.totp.enabled, passkeys: before.passkeys.map((k) => k.name), passkeySignIn: before.passkeySignIn },
        { authenticatorApp: false, passkeys: [], passkeySignIn: false, recoveryCodesRemoved: removed.recoveryCodes },
      );
      return { success: true, message: M.reset };
    },
  );
}
