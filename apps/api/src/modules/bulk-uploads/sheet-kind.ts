import type { z } from 'zod';
import type { Tx } from './ledger.js';

/** The upload row as a sheet import reads it. */
export type SheetUpload = {
  id: number;
  clientId: number;
  readPosition: number;
  readComplete: boolean;
  /** The column mapping of the upload (contract bulkMappingSchema), or null: every field by its own name. */
  mapping?: Record<string, string | null> | null;
};
/** A row that fails: its item (the sheet row number as text), position, reason and what the error CSV may show. */
export type Failure = { item: string; position: number; message: string; details?: unknown };
/** A row the schema accepted. */
export type ValidRow<R> = { item: string; position: number; data: R };
/** A row ready to insert, with whatever its kind prepared for the insert. */
export type ReadyRow = { item: string; position: number };

/**
 * What one kind of sheet brings to the generic sheet import (sheet-engine.ts): its row schema
 * and the SQL of its entities. Every entity carries (upload_id, upload_item = sheet row), unique:
 * that is how a replay finds a row done.
 */
export type SheetKind<S extends z.ZodObject, T extends ReadyRow> = {
  schema: S;
  /** The schema's answer for a plainly valid row, or undefined to let the schema decide (SheetOptions.quick). */
  quickParse?: (record: Record<string, string | undefined>) => z.infer<S> | undefined;
  /** Valid rows into ready and failed, checking what the schema cannot see (a batch's lookups in one query). */
  check(db: Tx, upload: SheetUpload, rows: ValidRow<z.infer<S>>[]): Promise<{ ready: T[]; failed: Failure[] }>;
  /** Inserts the rows' entities, answers how many went in; `skipConflicts` skips rows a unique index refuses. */
  insert(tx: Tx, upload: SheetUpload, rows: T[], skipConflicts: boolean): Promise<number>;
  /** Which of these items have their entity from this upload (inserted now, or by a cut-off run), with its id. */
  inserted(tx: Tx, uploadId: number, items: string[]): Promise<{ item: string; entityId: number }[]>;
  /** Why a row skipped by a unique index, not this upload's own entity, failed (a name taken). */
  conflictMessage: string;
  /**
   * What the unique index the insert meets compares (a lower-cased name), and which of these keys
   * the upload's client already has: the preview says which rows the index would refuse.
   */
  unique?: { key(row: T): string; taken(db: Tx, upload: SheetUpload, keys: string[]): Promise<Set<string>> };
  /** Why a row the database refused alone failed (written row by row after a constraint refused its batch). */
  refusedMessage(err: unknown): string;
};
