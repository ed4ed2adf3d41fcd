import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ONE_YEAR_SECONDS = 31_536_000;

export default fp(async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline scripts anywhere: public config reaches the SPA through a meta tag instead.
        scriptSrc: ["'self'"],
        // Mantine (and Swagger UI) inject <style> elements and style attributes at run time;
        // style injection cannot run code, so allowing inline styles is the accepted trade-off.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Media previews play stored audio and video from object URLs (the API needs the bearer token).
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS is set below, only for requests that really arrived over TLS: sending it over plain
    // HTTP on localhost would pin browsers to https for a host that does not serve it.
    strictTransportSecurity: false,
    // Reset links carry their token in the URL: never leak it through Referer.
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    }
    reply.header('x-request-id', request.id);
    reply.removeHeader('x-powered-by');
  });
});
