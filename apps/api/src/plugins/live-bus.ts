import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLiveBus, liveBusKind } from '../lib/live-bus/index.js';

/**
 * app.live: the live-update bus (lib/live-bus), chosen from the config, and the set of open
 * event streams. Streams never end by themselves, so closing the app ends them first (preClose,
 * before the server waits for its connections): tests start and stop apps many times, and a
 * rolling restart must not hang on open browser tabs.
 */
export default fp(async function liveBusPlugin(app: FastifyInstance) {
  const bus = await createLiveBus(app.config, app.log);
  const streams = new Set<() => void>();
  app.decorate('live', bus);
  app.decorate('liveStreams', streams);
  app.log.debug({ bus: liveBusKind(app.config) }, 'live updates bus');
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => bus.close());
});
