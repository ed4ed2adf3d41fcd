import { COOKIE_NAMES, HEADER_NAMES } from '@console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { csrfTokenFor, safeEqual } from '../lib/tokens.js';
import type { AuthContext } from '../types.js';

/**
 * CSRF for session-authenticated mutations: the x-xsrf-token header must equal the session's
 * token, an HMAC of the access token (so it is never stored and cannot be guessed without it).
 */
export function checkCsrf(request: FastifyRequest, auth: Pick<AuthContext, 'token' | 'sessionId'>) {
  const sent = request.headers[HEADER_NAMES.csrf];
  const value = Array.isArray(sent) ? sent[0] : sent;
  if (!value || !safeEqual(value, csrfTokenFor(auth.token, auth.sessionId))) throw new AppError('CSRF');
}

/**
 * The cookies the SPA reads (spec s.9): both readable by JavaScript on purpose. They carry no
 * authority on their own; the bearer token does.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  s: { sessionId: string; csrfToken: string; maxAgeSeconds?: number },
) {
  const options = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    httpOnly: false,
    ...(s.maxAgeSeconds ? { maxAge: s.maxAgeSeconds } : {}),
  };
  reply.setCookie(COOKIE_NAMES.sessionId, s.sessionId, options);
  reply.setCookie(COOKIE_NAMES.csrf, s.csrfToken, options);
}

export function clearSessionCookies(reply: FastifyReply) {
  for (const name of [COOKIE_NAMES.sessionId, COOKIE_NAMES.csrf, COOKIE_NAMES.userDetails]) {
    reply.clearCookie(name, { path: '/' });
  }
}
