import { randomUUID } from 'node:crypto';
import { VALIDATION_MESSAGES } from '@console/contract';
import { limits } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { ClientMeta } from '../user-sessions/index.js';
import { resetMail } from './auth.mails.js';
import { createAuthRepository } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';

/** Forgot / reset password: same answer for every e-mail, single-use hashed tokens, sessions ended. */
export function createPasswordResetService(deps: Omit<AuthDeps, 'sessions'>) {
  const repo = createAuthRepository(deps.db);
  const l = limits(deps.config);
  const now = () => deps.clock.now();

  return {
    /** Resolves the same way whether or not the e-mail belongs to anyone. */
    async request(email: string, meta: ClientMeta): Promise<void> {
      const user = await repo.userByEmail(email);
      if (user?.status !== 'active') return;
      const token = newToken();
      const at = now();
      await repo.insertResetToken({
        id: randomUUID(),
        userId: user.id,
        tokenHash: sha256(token),
        ip: meta.ip,
        createdAt: at,
        expiresAt: new Date(at.getTime() + l.resetTtlMs),
      });
      const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const mail = resetMail({ to: user.email, product: deps.config.productName, link, ttlMinutes: deps.config.resetTokenTtlMinutes });
      // Not awaited: the SMTP round trip would make known e-mails answer measurably slower.
      void deps.mailer.send(mail).catch((err) => deps.log.error({ err }, 'could not send the password reset e-mail'));
    },

    async reset(resetToken: string, newPassword: string): Promise<void> {
      const found = await repo.resetTokenByHash(sha256(resetToken));
      const at = now();
      if (!found || found.token.usedAt || found.token.expiresAt <= at || found.user.status !== 'active') {
        throw new AppError('RESET_TOKEN_INVALID');
      }
      if (isCommonPassword(newPassword)) {
        throw new AppError('VALIDATION', VALIDATION_MESSAGES.passwordCommon, { newPassword: VALIDATION_MESSAGES.passwordCommon });
      }
      const passwordHash = await hashPassword(newPassword);
      if (!(await repo.completeReset(found.token.id, found.user.id, passwordHash, at))) throw new AppError('RESET_TOKEN_INVALID');
    },
  };
}

