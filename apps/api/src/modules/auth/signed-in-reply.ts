import type { LoginResponse } from '@console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookies } from '../../plugins/csrf.js';
import type { SignedIn } from './sign-in-core.js';

/** The answer of every way of signing in that ends in a session: the cookies, and the body of spec s.3. */
export function signedInReply(request: FastifyRequest, reply: FastifyReply, s: SignedIn, message: string): LoginResponse {
  setSessionCookies(request, reply, {
    sessionId: s.session.id,
    csrfToken: s.session.csrfToken,
    maxAgeSeconds: request.server.sessions.cookieMaxAgeSeconds(s.session.rememberMe),
  });
  return {
    responseType: true,
    message,
    loginType: 'default',
    data: { accessToken: s.session.token, sessionId: s.session.id, rememberMe: s.session.rememberMe, user: s.user },
  };
}
