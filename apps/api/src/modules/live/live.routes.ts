import {
  BULK_UPLOAD_KEYS,
  BULK_UPLOAD_KINDS,
  LIVE_API_PATHS,
  type LiveTopic,
  PERMISSION_KEYS,
  type PermissionKey,
  TONE_HOME_KEYS,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../../lib/http-schemas.js';
import { type StreamSpec, serveStream } from './live-stream.js';

const tags = ['live'];
const security = [{ bearer: [] }];

const STREAM_DOC =
  'Server-Sent Events (text/event-stream): `ready` once open, then one event per topic (data: what changed, never rows; ' +
  'at most one per topic a second), a comment every heartbeat, and `end` with the reason before the server closes it ' +
  '(session ended, permission withdrawn, shutdown). Refetch the list it names through its own endpoint.';

/**
 * One stream per screen family (issue 18 part 4), each behind the key of the list it feeds, so a
 * role that cannot read the list cannot learn when it changes either.
 */
export default async function liveRoutes(app: FastifyInstance) {
  const stream = (url: string, permission: PermissionKey, spec: Omit<StreamSpec, 'permission'>, summary: string) =>
    app.get(
      url,
      {
        config: { permission },
        schema: {
          tags,
          summary,
          description: STREAM_DOC,
          security,
          // Documentation only: the handler writes the stream itself (live-stream.ts).
          response: { 200: z.string().describe('text/event-stream'), ...errors(401, 403) },
        },
      },
      (request, reply) => serveStream(request, reply, { ...spec, permission }),
    );

  const userRequests: LiveTopic[] = ['user-requests'];
  stream(LIVE_API_PATHS.toneHome, TONE_HOME_KEYS.home, { topics: userRequests }, 'Changes of the tones dashboards and recent requests');
  stream(
    LIVE_API_PATHS.productDashboard,
    PERMISSION_KEYS.productDashboard.view,
    { topics: ['sessions'] },
    'Changes of the product dashboard (sessions started or ended)',
  );
  stream(
    LIVE_API_PATHS.clientDashboard,
    PERMISSION_KEYS.clientDashboard.view,
    { topics: ['bulk-uploads'] },
    'Changes of the client dashboard (bulk uploads)',
  );
  const S = PERMISSION_KEYS.userSessions;
  stream(
    LIVE_API_PATHS.userSessions,
    S.view,
    {
      topics: ['sessions'],
      // Without view-all the list shows the caller's own sessions only: so do its events.
      admits: async (auth) => ((await auth.can(S.viewAll)) ? () => true : (e) => e.topic === 'sessions' && e.userId === auth.user.id),
    },
    'Sessions started or ended (own ones unless user-sessions.view-all)',
  );
  for (const kind of BULK_UPLOAD_KINDS) {
    stream(
      LIVE_API_PATHS.bulkUploads(kind),
      BULK_UPLOAD_KEYS[kind].view as PermissionKey,
      { topics: ['bulk-uploads'], admits: async () => (e) => e.topic === 'bulk-uploads' && e.kind === kind },
      `Progress of ${kind} bulk uploads`,
    );
  }
}
