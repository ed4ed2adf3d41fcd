import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type AppConfig, COOKIE_NAMES, PUBLIC_PATH_PATTERN, SIGNED_IN_PAGE_FILE } from '@console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { sendError } from './errors.js';

/**
 * Serves the built SPA with history fallback, and owns the 404 handler: unknown /api paths get
 * the JSON error shape, other GETs get index.html (the SPA routes them).
 */

const PLACEHOLDER = '__APP_CONFIG__';
const NOT_BUILT = 'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds it) and reload this page.';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const appConfigOf = (app: FastifyInstance): AppConfig => ({
  productSlug: app.config.productSlug,
  productName: app.config.productName,
  supportEmail: app.config.supportEmail,
  inactivityTimeoutMs: app.config.idleTimeoutMs,
});

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export default fp(async function staticSpa(app: FastifyInstance) {
  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  // Read once: the injected config does not change while the process runs.
  const withConfig = (file: string) => readFileSync(file, 'utf8').replaceAll(PLACEHOLDER, escapeHtml(JSON.stringify(appConfigOf(app))));
  const indexHtml = built ? withConfig(indexFile) : '';
  // The page of a signed-in screen: its scripts start once the frame is painted (apps/web/bundling/
  // defer-signed-in-entry.ts). Chosen as public/boot-shell.js chooses to paint the frame: a session
  // cookie and not a public path. A build without it serves index.html to every screen.
  const signedInFile = path.join(root, SIGNED_IN_PAGE_FILE);
  const signedInHtml = built && existsSync(signedInFile) ? withConfig(signedInFile) : indexHtml;
  const publicPath = new RegExp(PUBLIC_PATH_PATTERN);

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const pathname = request.url.split('?')[0] ?? '/';
    const signedIn = Boolean(request.cookies?.[COOKIE_NAMES.userDetails]) && !publicPath.test(pathname);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(signedIn ? signedInHtml : indexHtml);
  };

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz copies of its scripts and styles (apps/web/bundling/precompress.ts).
      preCompressed: true,
      // index.html is only ever sent with the config injected (by sendIndex).
      allowedPath: (pathName) => !isApiPath(pathName) && pathName !== '/index.html' && pathName !== `/${SIGNED_IN_PAGE_FILE}`,
      setHeaders(reply, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        // Vite puts content-hashed files under assets/: they never change under the same name.
        reply.header('cache-control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.get('/', { schema: { hide: true }, config: { permission: 'public' } }, (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (!isPage) return sendError(request, reply, new AppError('NOT_FOUND'));
    // A missing file (has an extension) is a real 404; anything else is an SPA route.
    if (url !== '/index.html' && url !== `/${SIGNED_IN_PAGE_FILE}` && path.posix.extname(url))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return sendIndex(request, reply);
  });
});
