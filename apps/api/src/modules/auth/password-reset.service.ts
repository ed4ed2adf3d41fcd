import { randomUUID } from 'node:crypto';
import { VALIDATION_MESSAGES } from '@console/contract';
import { limits } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import type { ClientMeta } from '../../lib/services.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { resetMail } from './auth.mails.js';
import { createAuthRepository } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';

/** Forgot / reset password: same answer for every e-mail, single-use hashed tokens, sessions ended. */
export function createPasswordResetService(deps: Omit<AuthDeps, 'sessions'>) {
  const repo = createAuthRepository(deps.db);
  const l = limits(deps.config);
  const now = () => deps.clock.now();

  return {
    /**
     * Resolves the same way, after the same work, whether or not the e-mail belongs to an active
     * user: a new token and the mail are always made, one statement stores the token (only for
     * an active user) and an audit row (always), and delivery is handed off until after the
     * reply, so neither the SMTP round trip nor the mail's encoding delays a known e-mail's answer.
     * Nothing is sent to an address that has no account.
     */
    async request(email: string, meta: ClientMeta): Promise<void> {
      const token = newToken();
      const at = now();
      const to = await repo.requestReset({
        email,
        id: randomUUID(),
        tokenHash: sha256(token),
        ip: meta.ip,
        at,
        expiresAt: new Date(at.getTime() + l.resetTtlMs),
      });
      const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const mail = resetMail({ to: to ?? email, product: deps.config.productName, link, ttlMinutes: deps.config.resetTokenTtlMinutes });
      if (to)
        setImmediate(() => void deps.mailer.send(mail).catch((err) => deps.log.error({ err }, 'could not send the password reset e-mail')));
    },

    /** Whether the link would still reset a password (the same test as reset), without using it. */
    async check(resetToken: string): Promise<boolean> {
      return usable(await repo.resetTokenByHash(sha256(resetToken)), now());
    },

    async reset(resetToken: string, newPassword: string): Promise<void> {
      const found = await repo.resetTokenByHash(sha256(resetToken));
      const at = now();
      if (!usable(found, at)) throw new AppError('RESET_TOKEN_INVALID');
      if (isCommonPassword(newPassword)) {
        throw new AppError('VALIDATION', VALIDATION_MESSAGES.passwordCommon, { newPassword: VALIDATION_MESSAGES.passwordCommon });
      }
      const passwordHash = await hashPassword(newPassword);
      if (!(await repo.completeReset(found.token.id, found.user.id, passwordHash, at))) throw new AppError('RESET_TOKEN_INVALID');
      // Every session of the user ended with the reset: their open streams close now, not at their next heartbeat.
      deps.live?.publish({ topic: 'sessions', userId: found.user.id });
    },
  };
}

type FoundToken = { token: { usedAt: Date | null; expiresAt: Date }; user: { status: string } } | null | undefined;

function usable(found: FoundToken, at: Date): found is NonNullable<FoundToken> {
  return Boolean(found && !found.token.usedAt && found.token.expiresAt > at && found.user.status === 'active');
}
