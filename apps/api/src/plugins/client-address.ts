import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The longest textual IP address (IPv6 with an IPv4 tail); zone ids beyond it are not kept. */
const MAX_ADDRESS_LENGTH = 45;

/**
 * Behind a trusted proxy (TRUST_PROXY), `request.ip` comes from X-Forwarded-For, and a client
 * writes what it likes there: a 100-character "address" overflowed the ip columns of sessions,
 * activity and audit rows (a 500). Only the entries that are IP addresses are kept, so
 * `request.ip` is always an address, whatever the header said.
 */
function forwardedAddresses(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',').map((e) => e.trim());
  const kept = entries.filter((e) => e.length <= MAX_ADDRESS_LENGTH && isIP(e) !== 0);
  return kept.length ? kept.join(', ') : undefined;
}

export default fp(async function clientAddress(app: FastifyInstance) {
  if (!app.config.trustProxy) return;
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    if (headers['x-forwarded-for'] === undefined) return;
    const kept = forwardedAddresses(headers['x-forwarded-for']);
    if (kept === undefined) delete headers['x-forwarded-for'];
    else headers['x-forwarded-for'] = kept;
  });
});
