import { HISTORY_MESSAGES } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, isAppError } from '../app-error.js';
import type { Change, ResourceService } from '../resource/service.js';
import { findChange, sameValue } from './entries.js';

/** What a revert reads of a resource's declaration. */
export type RevertTarget = { entity: string; schemas: { create: z.ZodTypeAny; update: z.ZodTypeAny } };
type Service = ResourceService<unknown, never, never>;
type Values = Record<string, unknown>;

const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : null);

/** The fields an input schema reads: its object's shape, through refinements, defaults and pipes. */
export function inputFields(schema: z.ZodTypeAny): string[] {
  let s: unknown = schema;
  for (let depth = 0; depth < 6 && s; depth++) {
    const shape = (s as { shape?: unknown }).shape;
    if (shape && typeof shape === 'object') return Object.keys(shape);
    const def = (s as { _zod?: { def?: { in?: unknown; schema?: unknown; innerType?: unknown } } })._zod?.def;
    s = def?.in ?? def?.schema ?? def?.innerType;
  }
  return [];
}

const pick = (source: Values, fields: string[]) => Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]]));
const shown = (v: unknown) => (v === null || v === undefined || v === '' ? 'empty' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** 409 naming each field whose value is no longer what the change left. */
function refuseIfMoved(current: Values, left: Values, fields: string[]) {
  const moved = fields.filter((f) => !sameValue(current[f], left[f]));
  if (moved.length === 0) return;
  throw new AppError(
    'CONFLICT',
    HISTORY_MESSAGES.movedOn,
    Object.fromEntries(moved.map((f) => [f, HISTORY_MESSAGES.changedSince(shown(current[f]))])),
  );
}

/** The old values through the resource's own input schema: what it refuses is a 409 with its messages. */
function asInput(schema: z.ZodTypeAny, values: Values): never {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data as never;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'row'] ??= issue.message;
  throw new AppError('CONFLICT', `This change cannot be put back: ${parsed.error.issues[0]?.message ?? 'invalid values'}`, fieldErrors);
}

/** The write's own refusals stay what they are (403, 409); a refused value becomes a 409 of the revert. */
const asConflict = (err: unknown): never => {
  if (isAppError(err) && err.code === 'VALIDATION')
    throw new AppError('CONFLICT', `This change cannot be put back: ${err.message}`, err.fieldErrors);
  throw err;
};

/**
 * Puts one change of a row back through the resource's normal service, so its rules (and the
 * route's audit) apply: an edit or a toggle writes the changed fields' old values (409 with the
 * fields that moved on since); a creation removes the row (409 if it moved on); a deletion adds
 * the row again under its old id (409 if it exists, or if a name is taken or a parent is gone).
 * Fields outside the resource's input (files, counts, passwords) are never written.
 */
export async function revertChange(
  request: FastifyRequest,
  target: RevertTarget,
  service: Service,
  id: number,
  historyId: number,
): Promise<{ change: Change<unknown>; message: string }> {
  const entry = await findChange(request.server.db, target.entity, id, historyId);
  if (!entry) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const current = asRecord(
    await service.get(id).catch((err: unknown) => {
      if (isAppError(err) && err.code === 'NOT_FOUND') return undefined;
      throw err;
    }),
  );
  const ctx = { request };

  if (before && after) {
    const editable = inputFields(target.schemas.update);
    const fields = editable.filter((f) => f in before && f in after && !sameValue(before[f], after[f]));
    if (fields.length === 0) throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingToRevert);
    if (!current) throw new AppError('CONFLICT', HISTORY_MESSAGES.gone);
    refuseIfMoved(current, after, fields);
    const input = asInput(target.schemas.update, { ...pick(current, editable), ...pick(before, fields) });
    // Checked again inside the write, on the row as it locks it: an edit in between is not overwritten.
    const expectRow = (row: unknown) => refuseIfMoved(asRecord(row) ?? {}, after, fields);
    const change = await service.update({ ...ctx, expectRow }, id, input).catch(asConflict);
    return { change, message: HISTORY_MESSAGES.reverted };
  }
  if (after) {
    if (!current) throw new AppError('CONFLICT', HISTORY_MESSAGES.gone);
    refuseIfMoved(
      current,
      after,
      inputFields(target.schemas.create).filter((f) => f in after),
    );
    return { change: await service.remove(ctx, id), message: HISTORY_MESSAGES.removed };
  }
  if (before) {
    if (current) throw new AppError('CONFLICT', HISTORY_MESSAGES.exists);
    const input = asInput(target.schemas.create, pick(before, inputFields(target.schemas.create)));
    const change = await service.create({ ...ctx, restoreId: id }, input).catch(asConflict);
    return { change, message: HISTORY_MESSAGES.restored };
  }
  throw new AppError('CONFLICT', HISTORY_MESSAGES.notRevertible);
}
