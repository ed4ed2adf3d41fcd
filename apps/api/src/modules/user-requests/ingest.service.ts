import {
  INGEST_MAX_FUTURE_MS,
  type IngestBody,
  type IngestContent,
  ingestItemSchema,
  type IngestResponse,
  USER_REQUEST_MESSAGES as M,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { contentByCode, type IngestRow, insertBatch, toneSequencesByCode } from './ingest.repository.js';

type Rejected = { index: number; message: string };

/**
 * POST /device/user-requests: each item is judged alone (shape, known tone code, not more than
 * 5 minutes ahead); the good ones go to the database in one statement (ingest.repository.ts);
 * an event id the key's owner already sent is a duplicate. Every stored item (new or duplicate)
 * gets the content its tone code triggers, so a device that resends a batch still gets its answer.
 */
export async function ingest(app: FastifyInstance, userId: number, body: IngestBody): Promise<IngestResponse> {
  const now = app.clock.now();
  const latest = now.getTime() + INGEST_MAX_FUTURE_MS;
  const rejected: Rejected[] = [];
  const parsed: { index: number; item: ReturnType<typeof ingestItemSchema.parse> }[] = [];
  body.requests.forEach((raw, index) => {
    const r = ingestItemSchema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      const field = issue?.path.join('.');
      rejected.push({ index, message: field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request') });
      return;
    }
    if (new Date(r.data.requestedAt).getTime() > latest) {
      rejected.push({ index, message: M.future });
      return;
    }
    parsed.push({ index, item: r.data });
  });

  const codes = [...new Set(parsed.map((p) => p.item.toneCode))];
  const sequences = await toneSequencesByCode(app.db, codes);
  const rows: IngestRow[] = [];
  for (const { index, item } of parsed) {
    const sequence = sequences.get(item.toneCode);
    if (!sequence) {
      rejected.push({ index, message: M.unknownToneCode });
      continue;
    }
    rows.push({
      eventId: item.eventId.toLowerCase(),
      deviceCode: item.deviceCode,
      toneSequenceId: sequence.id,
      locationId: sequence.locationId,
      toneCode: item.toneCode,
      platform: item.platform,
      deviceModel: item.deviceModel ?? null,
      osVersion: item.osVersion ?? null,
      appVersion: item.appVersion ?? null,
      requestedAt: new Date(item.requestedAt).toISOString(),
    });
  }
  rejected.sort((a, b) => a.index - b.index);

  const [accepted, content] = await Promise.all([
    insertBatch(app.db, userId, rows),
    contentByCode(app.db, [...new Set(rows.map((r) => r.toneCode))], now.toISOString().slice(0, 10)),
  ]);
  app.metrics.ingestedRows(accepted);
  // Dashboards and the recent requests refetch (throttled per stream); duplicates changed nothing.
  if (accepted > 0) app.live.publish({ topic: 'user-requests', count: accepted });
  return {
    success: true,
    message: M.ingested,
    accepted,
    duplicates: rows.length - accepted,
    rejected,
    data: rows.map((r) => ({ eventId: r.eventId, content: (content.get(r.toneCode) ?? null) as IngestContent | null })),
  };
}
