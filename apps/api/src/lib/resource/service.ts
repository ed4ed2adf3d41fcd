import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { type FormFile, storeImage } from '../../plugins/multipart.js';
import { AppError } from '../app-error.js';
import { type FileLifecycle, fileLifecycle } from '../files/file-lifecycle.js';
import { isForeignKeyViolation, isUniqueViolation } from '../pg-errors.js';
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

/**
 * `restoreId`: an add that restores a deleted row under its old id (a revert of its deletion,
 * lib/history). `expectRow`: a check of the row as the write reads it (locked, with
 * `transaction`), e.g. a revert's "the row has not moved on"; it refuses by throwing.
 */
export type WriteContext = { request: FastifyRequest; restoreId?: number; expectRow?: (row: unknown) => void };

/** The operations the route factory calls; `createCrudService` builds them. */
export type ResourceService<Row, Create, Update = Create> = {
  get(id: number): Promise<Row>;
  create(ctx: WriteContext, input: Create, file?: FormFile): Promise<Change<Row>>;
  update(ctx: WriteContext, id: number, input: Update, file?: FormFile): Promise<Change<Row>>;
  remove(ctx: WriteContext, id: number): Promise<Change<Row>>;
};

/** The generic service: the route factory's operations plus row actions (toggles, a key regeneration). */
export type CrudService<Row, Create, Update = Create> = ResourceService<Row, Create, Update> & {
  /**
   * A row action: the row read (404), `prepare`, `access`, the row locked, `authorize`, then these
   * columns and `updatedAt`; no input rules run. `ctx` is needed when the resource has hooks.
   */
  patch(id: number, action: string, columns: Record<string, unknown>, ctx?: WriteContext): Promise<Change<Row>>;
};

/**
 * What a hook is asked about. `action`: 'create', 'update', 'remove' or a row action's name;
 * `before`: the row as this write read it (locked, in a transaction), none on create.
 */
type WriteTarget<Row, Input> = { action: string; id?: number; input?: Input; before?: Row };

/**
 * What every hook but `prepare` sees: the request, the database handle of the write (its
 * transaction: query through it, never app.db), what `access` answered, and the uploaded file.
 */
type HookContext<Access = undefined> = WriteContext & { db: Db; access: Access; file?: FormFile };

/**
 * A resource's own rules, in the order a write runs them (docs/resources.md "Rules that are not
 * CRUD"). Each refuses by throwing an AppError; a refusal anywhere leaves the database unchanged
 * and removes the new file.
 */
type CrudHooks<Row, Create, Update, Access> = {
  /**
   * First, outside any transaction or lock: refusals that need no row (nobody deletes themself, a
   * common password) and slow work (hashing a password). Answers extra column values of the write.
   */
  prepare?(ctx: WriteContext, target: WriteTarget<Row, Create | Update>): Promise<Record<string, unknown> | undefined>;
  /**
   * First inside the write: takes the locks the rules need, in the resource's lock order (before
   * the row's own), and answers who acts as the database has them now (ctx.access of later hooks).
   */
  access?(ctx: HookContext, target: WriteTarget<Row, Create | Update>): Promise<Access>;
  /**
   * With the row as locked: who may touch it (anti-escalation, the own account, protected rows),
   * before the input is checked (the unique name included). Runs for row actions too.
   */
  authorize?(ctx: HookContext<Access>, target: WriteTarget<Row, Create | Update>): Promise<void> | void;
  /** The input's rules, after the unique-name check (a parent that exists, a second unique column...). */
  beforeCreate?(ctx: HookContext<Access>, input: Create): Promise<void> | void;
  beforeUpdate?(ctx: HookContext<Access>, before: Row, input: Update): Promise<void> | void;
  /** Refusals of a delete besides the declared usages (a 409 that counts its references apart). */
  beforeRemove?(ctx: HookContext<Access>, before: Row): Promise<void> | void;
};

/** What storing an upload gave: its key and the columns it sets besides the file's own (media: type, size, duration...). */
type StoredFile = { key: string; columns?: Record<string, unknown> };

type CrudMessages = { notFound: string; nameTaken?: string; inUse?: (count: number) => string };

export type CrudOptions<Row, Create, Update, Access> = {
  store: ResourceStore<Row>;
  /** The column values of an add or edit (without the file columns and timestamps). */
  values(input: Create | Update, action: 'create' | 'update'): Record<string, unknown>;
  /** The value the unique-name check compares (default: input.name). */
  nameOf?(input: Create | Update): string;
  messages: CrudMessages;
  /**
   * The stored file: its column/row field (e.g. 'logo'), the column keeping the name it was uploaded
   * with (shown in the edit form instead of the generated key), storage folder, the form's "remove
   * it" flag, and how an upload is stored (default: an image and its thumbnail, storeImage).
   */
  file?: {
    field: string;
    nameField?: string;
    folder: StorageFolder;
    removeFlag?: string;
    store?(upload: FormFile, folder: StorageFolder): Promise<StoredFile>;
  };
  /**
   * Every write in one transaction (rules that read and lock other rows: users, roles); with
   * `advisoryLock`, this resource's writes also wait for each other (pg_advisory_xact_lock). The
   * file is then stored before the transaction opens, so no lock is held meanwhile, and the row of
   * an edit, delete or row action is locked FOR UPDATE after `access`.
   */
  transaction?: true | { advisoryLock: number };
  hooks?: CrudHooks<Row, Create, Update, Access>;
  /**
   * Turns a database error of an add or edit into the answer (e.g. a second unique column, or a
   * parent deleted between the check and the write); undefined falls back to the name rule.
   */
  writeError?(err: unknown): AppError | undefined;
};

/** The `values` of a resource whose columns are its input's fields of the same names (one left out is written as null). */
export const inputColumns =
  <Input>(...names: (keyof Input & string)[]) =>
  (input: Input): Record<string, unknown> =>
    Object.fromEntries(names.map((name) => [name, input[name] ?? null]));

type Step<Row, Access, T> = (
  scope: HookContext<Access>,
  before: Row | undefined,
  extra: Record<string, unknown>,
  put: () => Promise<StoredFile | undefined>,
  files: FileLifecycle,
) => Promise<T>;

/**
 * The service of a resource: 404 for a missing row, 409 for a taken name (checked first, then the
 * unique index settles races), 409 with the count for a row still in use, the stored file kept in
 * step with the row (lib/files/file-lifecycle.ts), and the resource's own rules as hooks.
 */
export function createCrudService<Row extends { id: number }, Create, Update = Create, Access = undefined>(
  app: FastifyInstance,
  options: CrudOptions<Row, Create, Update, Access>,
): CrudService<Row, Create, Update> {
  const { store, messages, file, hooks = {}, transaction } = options;
  const nameOf = options.nameOf ?? ((input) => String((input as { name?: unknown }).name ?? ''));
  const notFound = () => new AppError('NOT_FOUND', messages.notFound);
  const nameTaken = () => new AppError('CONFLICT', messages.nameTaken, { name: messages.nameTaken ?? 'Already taken' });
  const column = (row: Row | undefined, name: string | undefined) =>
    row && name ? ((row as Record<string, unknown>)[name] as string | null) : null;
  const fileOf = (row: Row | undefined) => column(row, file?.field);
  /** The file column (and its original-name column) of an insert or update. */
  const fileColumns = (key: string | null, name: string | null) =>
    file ? { [file.field]: key, ...(file.nameField ? { [file.nameField]: key ? name : null } : {}) } : {};
  const writeError = (err: unknown) =>
    err instanceof AppError ? err : (options.writeError?.(err) ?? (messages.nameTaken && isUniqueViolation(err) ? nameTaken() : err));
  const storeFile = async (upload: FormFile): Promise<StoredFile> =>
    file?.store ? file.store(upload, file.folder) : { key: await storeImage(app, upload, (file as { folder: StorageFolder }).folder) };

  /** The write's database handle: app.db, or a transaction (after the advisory lock, if any). */
  const inWrite = <T>(fn: (db: Db) => Promise<T>): Promise<T> =>
    transaction
      ? app.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          if (transaction !== true) await db.execute(sql`select pg_advisory_xact_lock(${transaction.advisoryLock})`);
          return fn(db);
        })
      : fn(app.db);

  async function get(id: number, db: Db = app.db): Promise<Row> {
    const row = await store.find(db, id);
    if (!row) throw notFound();
    return row;
  }

  async function checkName(db: Db, input: Create | Update, values: Record<string, unknown>, exceptId?: number) {
    if (messages.nameTaken && (await store.nameTaken(db, nameOf(input), values, exceptId))) throw nameTaken();
  }

  /**
   * One write, in the order every resource shares: prepare; [the file stored, with a transaction];
   * then inside the write: access, the row locked and read again (404), authorize, and `step` (the
   * name check, the before-hook, [the file stored], the statement). The replaced or deleted file
   * goes once that committed; a refusal anywhere removes the new one.
   */
  async function write<T>(
    ctx: WriteContext,
    target: WriteTarget<Row, Create | Update>,
    upload: FormFile | undefined,
    step: Step<Row, Access, T>,
  ): Promise<T> {
    const files = fileLifecycle(app);
    return files.run(async () => {
      const extra = (await hooks.prepare?.(ctx, target)) ?? {};
      const put = async () => (file && upload ? files.stage(() => storeFile(upload)) : undefined);
      const early = transaction ? await put() : undefined;
      return inWrite(async (db) => {
        const base: HookContext = { ...ctx, db, access: undefined, file: upload };
        const scope: HookContext<Access> = { ...base, access: (await hooks.access?.(base, target)) as Access };
        let before = target.before;
        if (transaction && target.id !== undefined) {
          if (!(await store.lock(db, target.id))) throw notFound();
          before = await get(target.id, db);
        }
        await hooks.authorize?.(scope, { ...target, before });
        if (before !== undefined) ctx.expectRow?.(before);
        return step(scope, before, extra, transaction ? async () => early : put, files);
      });
    });
  }

  /** An add or edit: its database refusals become answers (writeError). */
  const saving = <T>(run: Promise<T>) => run.catch((err: unknown) => Promise.reject(writeError(err)));

  return {
    get: (id) => get(id),

    async create(ctx, input, upload) {
      const id = await saving(
        write(ctx, { action: 'create', input }, upload, async (scope, _before, extra, put) => {
          const values = options.values(input, 'create');
          await checkName(scope.db, input, values);
          await hooks.beforeCreate?.(scope, input);
          const stored = await put();
          const fileValues = fileColumns(stored?.key ?? null, upload?.originalName ?? null);
          const restore = ctx.restoreId === undefined ? {} : { id: ctx.restoreId };
          return store.insert(scope.db, { ...values, ...extra, ...fileValues, ...stored?.columns, ...restore });
        }),
      );
      return { id, after: await get(id) };
    },

    async update(ctx, id, input, upload) {
      const early = await get(id); // 404 before any work
      const before = await saving(
        write(ctx, { action: 'update', id, input, before: early }, upload, async (scope, row, extra, put, files) => {
          const current = row as Row;
          const values = options.values(input, 'update');
          await checkName(scope.db, input, values, id);
          await hooks.beforeUpdate?.(scope, current, input);
          const stored = await put();
          const removeFlag = file?.removeFlag && (input as Record<string, unknown>)[file.removeFlag] === true;
          const next = stored?.key ?? (removeFlag ? null : fileOf(current));
          const fileValues = fileColumns(next, stored ? (upload?.originalName ?? null) : column(current, file?.nameField));
          const changed = { ...values, ...extra, ...fileValues, ...stored?.columns, updatedAt: app.clock.now() };
          if (!(await store.update(scope.db, id, changed))) throw notFound();
          files.replace(fileOf(current), next);
          return current;
        }),
      );
      return { id, before, after: await get(id) };
    },

    async remove(ctx, id) {
      let before = await get(id);
      let removed = false as boolean;
      try {
        before = await write(ctx, { action: 'remove', id, before }, undefined, async (scope, row, _extra, _put, files) => {
          await hooks.beforeRemove?.(scope, row as Row);
          removed = await store.removeIfUnused(scope.db, id);
          if (removed) files.removeAfterDelete(fileOf(row));
          return row as Row;
        });
      } catch (err) {
        // A reference added between the usage check and the delete: the constraint answers.
        if (!isForeignKeyViolation(err)) throw err;
      }
      if (!removed) {
        const used = await store.usage(app.db, id);
        if (used > 0) throw new AppError('CONFLICT', messages.inUse?.(used) ?? `Still in use by ${used} records`);
        throw notFound();
      }
      return { id, before };
    },

    async patch(id, action, columns, ctx = {} as WriteContext) {
      const early = await get(id);
      const before = await write(ctx, { action, id, before: early }, undefined, async (scope, row) => {
        if (!(await store.update(scope.db, id, { ...columns, updatedAt: app.clock.now() }))) throw notFound();
        return row as Row;
      });
      return { id, before, after: await get(id) };
    },
  };
}
