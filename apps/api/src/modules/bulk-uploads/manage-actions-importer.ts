import {
  ACTION_TYPES,
  type ActionType,
  actionValueError,
  type ManageActionSheetRow,
  manageActionSheetRowSchema,
  STATUSES,
  type Status,
  TONE_CODE_RE,
} from '@console/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { manageActions, media } from '../../db/schema/index.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import { MANAGE_ACTION_MESSAGES } from '../manage-actions/index.js';
import type { Tx } from './ledger.js';
import { affected, copyField, copyLines } from './sheet-batch.js';
import { sheetImporter } from './sheet-engine.js';
import type { Failure, SheetKind, SheetUpload, ValidRow } from './sheet-kind.js';

/** A manage-actions row ready to insert, with the media it shows (show-media rows). */
type Ready = { item: string; position: number; row: ManageActionSheetRow; mediaId: number | null };

const NAME_MAX = 200;

/**
 * manageActionSheetRowSchema's answer for a plainly valid row, without zod's generic work (a
 * fifth of the import's JavaScript time): the same rules in the same order (name 1-200 characters;
 * the type trimmed, lower-cased, one of ACTION_TYPES; the value as actionValueError accepts it;
 * the tone code empty or, trimmed and upper-cased, TONE_CODE_RE; the status absent = active),
 * the same output. Anything else (a cell that is not text, a rule broken) answers undefined and
 * the schema decides, with its own messages. manage-actions-quick-parse.test.ts holds the two together.
 */
export function quickParseManageAction(record: Record<string, string | undefined>): ManageActionSheetRow | undefined {
  const { name, actionType, value, toneCode, status } = record;
  if (typeof name !== 'string' || typeof actionType !== 'string' || typeof value !== 'string') return undefined;
  const trimmedName = name.trim();
  if (trimmedName.length < 1 || trimmedName.length > NAME_MAX) return undefined;
  const type = actionType.trim().toLowerCase() as ActionType;
  if (!ACTION_TYPES.includes(type)) return undefined;
  const trimmedValue = value.trim();
  if (actionValueError(type, trimmedValue) !== undefined) return undefined;
  let code: string | undefined;
  if (toneCode !== undefined) {
    if (typeof toneCode !== 'string' || toneCode.trim() === '') return undefined; // the schema's null: not from a sheet
    code = toneCode.trim().toUpperCase();
    if (!TONE_CODE_RE.test(code)) return undefined;
  }
  if (status !== undefined && !STATUSES.includes(status as Status)) return undefined;
  const row: ManageActionSheetRow = {
    name: trimmedName,
    actionType: type,
    value: trimmedValue,
    status: (status as Status | undefined) ?? 'active',
  };
  // The schema keeps an absent tone code absent and a blank one undefined, in its key order.
  return 'toneCode' in record ? { name: row.name, actionType: row.actionType, value: row.value, toneCode: code, status: row.status } : row;
}

/** A show-media row must name a media of the upload's client: one query for the batch. */
async function check(db: Tx, upload: SheetUpload, rows: ValidRow<ManageActionSheetRow>[]): Promise<{ ready: Ready[]; failed: Failure[] }> {
  const wanted = rows.flatMap((r) => (r.data.actionType === 'show-media' ? [Number(r.data.value)] : []));
  const known = new Set(
    wanted.length === 0
      ? []
      : (
          await db
            .select({ id: media.id })
            .from(media)
            .where(and(eq(media.clientId, upload.clientId), inArray(media.id, [...new Set(wanted)])))
        ).map((m) => m.id),
  );
  const ready: Ready[] = [];
  const failed: Failure[] = [];
  for (const r of rows) {
    const mediaId = r.data.actionType === 'show-media' ? Number(r.data.value) : null;
    if (mediaId !== null && !known.has(mediaId))
      failed.push({ item: r.item, position: r.position, message: MANAGE_ACTION_MESSAGES.mediaOfClient });
    else ready.push({ item: r.item, position: r.position, row: r.data, mediaId });
  }
  return { ready, failed };
}

const COPY_COLUMNS = ['client_id', 'upload_id', 'name', 'action_type', 'value', 'media_id', 'tone_code', 'status', 'upload_item'] as const;

/**
 * On PGlite a plain insert is one COPY FROM (copyLines); otherwise (PostgreSQL, or skipping
 * conflicts) one INSERT over unnest() of column arrays: a handful of parameters however many
 * rows. Answers how many went in; `skipConflicts` skips rows a unique index refuses instead of failing.
 */
async function insert(tx: Tx, upload: SheetUpload, rows: Ready[], skipConflicts: boolean): Promise<number> {
  if (!skipConflicts) {
    const head = `${upload.clientId},${upload.id},`;
    const lines = rows.map(
      ({ row, mediaId, item }) =>
        `${head}${copyField(row.name)},${copyField(row.actionType)},${copyField(row.value)},${copyField(mediaId)},` +
        `${copyField(row.toneCode)},${copyField(row.status)},${copyField(item)}`,
    );
    const copied = await copyLines(tx, manageActions, COPY_COLUMNS, lines);
    if (copied !== undefined) return copied;
  }
  const col = <T>(pick: (r: Ready) => T) => sql.param(rows.map(pick));
  const result = await tx.execute(sql`
    insert into ${manageActions} (client_id, upload_id, name, action_type, value, media_id, tone_code, status, upload_item)
    select ${upload.clientId}::int, ${upload.id}::int, v.* from unnest(
      ${col((r) => r.row.name)}::text[], ${col((r) => r.row.actionType)}::text[], ${col((r) => r.row.value)}::text[],
      ${col((r) => r.mediaId)}::int[], ${col((r) => r.row.toneCode ?? null)}::text[], ${col((r) => r.row.status)}::text[],
      ${col((r) => r.item)}::text[]
    ) as v(name, action_type, value, media_id, tone_code, status, upload_item)
    ${skipConflicts ? sql`on conflict do nothing` : sql``}`);
  return affected(result);
}

/** Which of these rows have their action (inserted now, or by a cut-off run). */
async function inserted(tx: Tx, uploadId: number, items: string[]) {
  const rows = await tx
    .select({ item: manageActions.uploadItem, entityId: manageActions.id })
    .from(manageActions)
    .where(and(eq(manageActions.uploadId, uploadId), inArray(manageActions.uploadItem, items)));
  return rows.flatMap((r) => (r.item === null ? [] : [{ item: r.item, entityId: r.entityId }]));
}

/** Which of these lower-cased names the client's actions already have (the unique index compares lower(name)). */
async function takenNames(tx: Tx, upload: SheetUpload, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const lower = sql<string>`lower(${manageActions.name})`;
  const rows = await tx
    .select({ name: lower })
    .from(manageActions)
    .where(and(eq(manageActions.clientId, upload.clientId), inArray(lower, keys)));
  return new Set(rows.map((r) => r.name));
}

/** Manage-actions sheets (csv or xlsx): one action per row. */
export const manageActionsSheet = {
  schema: manageActionSheetRowSchema,
  quickParse: quickParseManageAction,
  check,
  insert,
  inserted,
  // Unique per client: the name is taken, or was earlier in the sheet.
  conflictMessage: MANAGE_ACTION_MESSAGES.nameTaken,
  // After the checks: its media deleted meanwhile, or another constraint.
  refusedMessage: (err: unknown) => (isForeignKeyViolation(err) ? MANAGE_ACTION_MESSAGES.mediaOfClient : 'The action could not be saved'),
  unique: { key: (r: Ready) => r.row.name.toLowerCase(), taken: takenNames },
} satisfies SheetKind<typeof manageActionSheetRowSchema, Ready>;

/** The generic sheet import of manage-actions sheets. */
export const manageActionsImporter = sheetImporter(manageActionsSheet);
