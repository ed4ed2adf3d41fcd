import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FormFile, storeImage } from '../../plugins/multipart.js';
import { removeStoredFile } from '../../plugins/storage.js';
import { AppError } from '../app-error.js';
import { isReferenceViolation, isUniqueViolation } from '../pg-errors.js';
import type { StorageFolder } from '../storage/index.js';
import type { ResourceStore } from './store.js';

/** What a write did; the route factory writes the audit row from it (the one place audit happens). */
export type Change<Row> = {
  id: number;
  before?: Row;
  after?: Row;
  /** Replaces before/after in the audit row (e.g. users add `passwordChanged`, never the password). */
  audit?: { before?: unknown; after?: unknown };
};

export type WriteContext = { request: FastifyRequest };

/** The operations the route factory calls. `createCrudService` builds them; a module may write its own. */
export type ResourceService<Row, Create, Update = Create> = {
  get(id: number): Promise<Row>;
  create(ctx: WriteContext, input: Create, file?: FormFile): Promise<Change<Row>>;
  update(ctx: WriteContext, id: number, input: Update, file?: FormFile): Promise<Change<Row>>;
  remove(ctx: WriteContext, id: number): Promise<Change<Row>>;
};

type CrudMessages = { notFound: string; nameTaken?: string; inUse?: (count: number) => string };

/** Rules that are not CRUD: each runs before the write and refuses by throwing an AppError. */
type CrudHooks<Row, Create, Update> = {
  beforeCreate?(ctx: WriteContext, input: Create): Promise<void> | void;
  beforeUpdate?(ctx: WriteContext, before: Row, input: Update): Promise<void> | void;
  beforeRemove?(ctx: WriteContext, before: Row): Promise<void> | void;
};

export type CrudOptions<Row, Create, Update> = {
  store: ResourceStore<Row>;
  /** The column values of an add or edit (without the file column and timestamps). */
  values(input: Create | Update): Record<string, unknown>;
  /** The value the unique-name check compares (default: input.name). */
  nameOf?(input: Create | Update): string;
  messages: CrudMessages;
  /**
   * The stored file: its column/row field (e.g. 'logo'), the column keeping the name it was uploaded
   * with (shown in the edit form instead of the generated key), storage folder, and the form's
   * "remove it" flag.
   */
  file?: {
    field: string;
    nameField?: string;
    folder: StorageFolder;
    removeFlag?: string;
    store?: (app: FastifyInstance, file: FormFile) => Promise<string>;
  };
  hooks?: CrudHooks<Row, Create, Update>;
};

/**
 * The service of a plain resource: 404 for a missing row, 409 for a taken name (checked first,
 * then the unique index settles races), 409 with the count for a row still in use, and the
 * stored file kept in step with the row (a new file replaces the old one only once the row
 * points at it; a refused write leaves nothing stored).
 */
export function createCrudService<Row extends { id: number }, Create, Update = Create>(
  app: FastifyInstance,
  options: CrudOptions<Row, Create, Update>,
): ResourceService<Row, Create, Update> {
  const { store, messages, file, hooks = {} } = options;
  const nameOf = options.nameOf ?? ((input) => String((input as { name?: unknown }).name ?? ''));
  const nameTaken = () => new AppError('CONFLICT', messages.nameTaken, { name: messages.nameTaken ?? 'Already taken' });
  const fileOf = (row: Row | undefined) => (file && row ? ((row as Record<string, unknown>)[file.field] as string | null) : null);
  const fileNameOf = (row: Row | undefined) =>
    file?.nameField && row ? ((row as Record<string, unknown>)[file.nameField] as string | null) : null;
  /** The file column (and its original-name column) of an insert or update. */
  const fileColumns = (path: string | null, name: string | null) =>
    file ? { [file.field]: path, ...(file.nameField ? { [file.nameField]: path ? name : null } : {}) } : {};
  const put = async (upload?: FormFile) =>
    file && upload ? (file.store ?? ((a, f) => storeImage(a, f, file.folder)))(app, upload) : undefined;

  async function get(id: number): Promise<Row> {
    const row = await store.find(app.db, id);
    if (!row) throw new AppError('NOT_FOUND', messages.notFound);
    return row;
  }

  async function checkName(input: Create | Update, values: Record<string, unknown>, exceptId?: number) {
    if (messages.nameTaken && (await store.nameTaken(app.db, nameOf(input), values, exceptId))) throw nameTaken();
  }

  return {
    get,

    async create(ctx, input, upload) {
      const values = options.values(input);
      await checkName(input, values);
      await hooks.beforeCreate?.(ctx, input);
      const stored = await put(upload);
      let id: number;
      try {
        id = await store.insert(app.db, { ...values, ...fileColumns(stored ?? null, upload?.originalName ?? null) });
      } catch (err) {
        await removeStoredFile(app, stored);
        throw messages.nameTaken && isUniqueViolation(err) ? nameTaken() : err;
      }
      return { id, after: await get(id) };
    },

    async update(ctx, id, input, upload) {
      const before = await get(id);
      const values = options.values(input);
      await checkName(input, values, id);
      await hooks.beforeUpdate?.(ctx, before, input);
      const stored = await put(upload);
      const removeFlag = file?.removeFlag && (input as Record<string, unknown>)[file.removeFlag] === true;
      const nextFile = stored ?? (removeFlag ? null : fileOf(before));
      const nextName = stored ? (upload?.originalName ?? null) : fileNameOf(before);
      try {
        const found = await store.update(app.db, id, { ...values, ...fileColumns(nextFile, nextName), updatedAt: app.clock.now() });
        if (!found) throw new AppError('NOT_FOUND', messages.notFound);
      } catch (err) {
        await removeStoredFile(app, stored);
        throw messages.nameTaken && isUniqueViolation(err) ? nameTaken() : err;
      }
      // The old file goes only once the row points elsewhere.
      const old = fileOf(before);
      if (old && old !== nextFile) await removeStoredFile(app, old);
      return { id, before, after: await get(id) };
    },

    async remove(ctx, id) {
      const before = await get(id);
      await hooks.beforeRemove?.(ctx, before);
      // The usage check and the delete are one statement; a reference inserted concurrently still
      // trips the foreign key, and that answers the same 409 rather than a 500.
      const removed = await store.removeIfUnused(app.db, id).catch((err: unknown) => {
        if (isReferenceViolation(err)) return false;
        throw err;
      });
      if (!removed) {
        const used = await store.usage(app.db, id);
        if (used > 0) throw new AppError('CONFLICT', messages.inUse?.(used) ?? `Still in use by ${used} records`);
        throw new AppError('NOT_FOUND', messages.notFound);
      }
      await removeStoredFile(app, fileOf(before));
      return { id, before };
    },
  };
}
