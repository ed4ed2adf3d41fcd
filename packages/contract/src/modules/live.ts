import { z } from 'zod';
import { BULK_UPLOAD_KINDS, type BulkUploadKind } from './bulk-uploads.js';

/**
 * Live updates (issue 18 part 4): a Server-Sent Events stream per screen tells the SPA *what*
 * changed (a topic and ids or counts, never rows); the SPA then refetches through the normal,
 * permission-checked list endpoints. Not a screen, so no key group of its own: each stream
 * needs the key of the list it feeds.
 */
export const LIVE_TOPICS = ['user-requests', 'bulk-uploads', 'sessions'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const liveEventSchema = z.discriminatedUnion('topic', [
  /** Rows ingested by devices (one event per accepted batch, merged while throttled). */
  z.object({ topic: z.literal('user-requests'), count: z.number().int().nonnegative() }),
  /** Upload rows created, progressed, finished or removed. */
  z.object({ topic: z.literal('bulk-uploads'), kind: z.enum(BULK_UPLOAD_KINDS), uploadIds: z.array(z.number().int()).max(100) }),
  /** A user's sessions started or ended. */
  z.object({ topic: z.literal('sessions'), userId: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The server writes a comment this often, so proxies keep the stream open and a client notices a dead one. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** A stream silent this long (no event, no heartbeat) is taken as dead by the client. */
export const LIVE_DEAD_AFTER_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
/** At most one event per topic per stream this often: an ingestion burst is one refetch a second, not thousands. */
export const LIVE_THROTTLE_MS = 1_000;

/** SSE event names besides the topics: `ready` once the stream is open, `end` just before the server closes it. */
export const LIVE_CONTROL_EVENTS = { ready: 'ready', end: 'end' } as const;

/** Why the server ended a stream (the `end` event's data). */
export type LiveEndReason = 'session-ended' | 'forbidden' | 'shutdown';

/** One stream per screen family, each behind the key of the list it feeds. */
export const LIVE_API_PATHS = {
  toneHome: '/live/tone-home',
  productDashboard: '/live/product-dashboard',
  clientDashboard: '/live/client-dashboard',
  userSessions: '/live/user-sessions',
  bulkUploads: (kind: BulkUploadKind) => `/live/bulk-uploads/${kind}`,
} as const;

/** The indicator on each screen a stream feeds (components/ui/live-indicator.tsx); `time` is HH:MM:SS. */
export const LIVE_TEXT = {
  live: 'Live',
  connecting: 'Connecting to live updates…',
  stale: (time: string) => `Stale — last updated ${time}, reconnecting…`,
  stopped: (time: string) => `Stale — last updated ${time}, live updates unavailable; refreshing every few seconds`,
} as const;
