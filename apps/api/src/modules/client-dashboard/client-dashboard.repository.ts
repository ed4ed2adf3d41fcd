import { ACTION_TYPES, BULK_UPLOAD_STATUSES, CLIENT_TYPES, type ClientDashboard, STATUSES } from '@console/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { bulkUploads, clients, manageActions, media } from '../../db/schema/index.js';

type Row = { key: string; n: number | string };

/** `select <column> as key, count(*) from <table> [where] group by 1`: one grouped scan per figure. */
async function countBy(db: Db, table: PgTable, column: PgColumn, where?: SQL): Promise<Map<string, number>> {
  const result = await db.execute(
    sql`select ${column} as key, count(*) as n from ${table} ${where ? sql`where ${where}` : sql``} group by ${column}`,
  );
  // Both drivers answer execute() with { rows }; counts arrive as text from node-postgres (bigint).
  const rows = (result as unknown as { rows: Row[] }).rows;
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** Every key of `keys` with its count (0 when absent): the contract's records never miss a key. */
function record<K extends string>(keys: readonly K[], counts: Map<string, number>): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, counts.get(k) ?? 0])) as Record<K, number>;
}

function statusCounts(counts: Map<string, number>) {
  const byStatus = record(STATUSES, counts);
  return { total: [...counts.values()].reduce((a, b) => a + b, 0), ...byStatus };
}

/** demoAdminData: clients, media, manage-actions and bulk upload outcomes, counted in SQL. */
export async function readClientDashboard(db: Db): Promise<ClientDashboard> {
  const [byType, byStatus, demo, campaign, actionsByStatus, actionsByType, uploads] = await Promise.all([
    countBy(db, clients, clients.type),
    countBy(db, clients, clients.status),
    countBy(db, media, media.status, sql`${media.kind} = 'demo'`),
    countBy(db, media, media.status, sql`${media.kind} = 'campaign'`),
    countBy(db, manageActions, manageActions.status),
    countBy(db, manageActions, manageActions.actionType),
    countBy(db, bulkUploads, bulkUploads.status),
  ]);
  return {
    clientsByType: record(CLIENT_TYPES, byType),
    clientsByStatus: record(STATUSES, byStatus),
    demoMedia: statusCounts(demo),
    campaignMedia: statusCounts(campaign),
    manageActions: { ...statusCounts(actionsByStatus), byType: record(ACTION_TYPES, actionsByType) },
    bulkUploads: record(BULK_UPLOAD_STATUSES, uploads),
  };
}
