import type { Config } from '../../config.js';
import { createMemoryBus, type LiveBus } from './live-bus.js';
import { createPgBus } from './pg-bus.js';
import { createRedisBus } from './redis-bus.js';

export type { LiveBus } from './live-bus.js';

type Log = { warn(obj: object, msg: string): void };

/**
 * The transport for this deployment: Redis when REDIS_URL is set (the replicas share it already
 * for rate limits), else PostgreSQL LISTEN/NOTIFY on DATABASE_URL, else (embedded PGlite, one
 * process) in memory. Every process of one deployment must pick the same: a worker without
 * REDIS_URL beside replicas with it would NOTIFY where nobody listens.
 */
export async function createLiveBus(config: Pick<Config, 'redisUrl' | 'databaseUrl'>, log: Log): Promise<LiveBus> {
  if (config.redisUrl) return createRedisBus(config.redisUrl, log);
  if (config.databaseUrl) return createPgBus(config.databaseUrl, log);
  return createMemoryBus(log);
}

export function liveBusKind(config: Pick<Config, 'redisUrl' | 'databaseUrl'>): 'redis' | 'postgres' | 'memory' {
  return config.redisUrl ? 'redis' : config.databaseUrl ? 'postgres' : 'memory';
}
