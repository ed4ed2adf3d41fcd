import {
  type CampaignMedia,
  type CampaignMediaInput,
  type DemoMedia,
  type DemoMediaInput,
  MEDIA_CLIENT_TYPES,
  MEDIA_TONE_CODE_MESSAGES,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type StoredMedia, storeMediaFile } from '../../lib/media/index.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { createCrudService, type ResourceService } from '../../lib/resource/index.js';
import type { FormFile } from '../../plugins/multipart.js';
import { removeStoredFile } from '../../plugins/storage.js';
import { activeToneCodeHolder, campaignMediaStore, clientType, demoMediaStore, type MediaDbKind } from './media.repository.js';

const messagesOf = (label: string, clientTypes: string) =>
  ({
    added: `${label} added successfully`,
    updated: `${label} updated successfully`,
    deleted: `${label} deleted successfully`,
    notFound: `${label} not found`,
    unknownClient: 'Choose an existing client',
    wrongClientType: `Choose a client of type ${clientTypes}`,
    fileRequired: 'Choose an image, video or audio file',
    toneCodeTaken: MEDIA_TONE_CODE_MESSAGES.taken,
    inUse: (n: number) =>
      `This media is shown by ${n} manage-action${n === 1 ? '' : 's'}. Change or delete ${n === 1 ? 'it' : 'them'} first.`,
  }) as const;

export const DEMO_MEDIA_MESSAGES = messagesOf('Demo media', 'demo or both');
export const CAMPAIGN_MEDIA_MESSAGES = messagesOf('Campaign media', 'live or both');

type Input = Omit<CampaignMediaInput, 'clientId' | 'title'> & Pick<DemoMediaInput, 'clientId' | 'title'> & { stored?: StoredMedia };
type Row = DemoMedia | CampaignMedia;

const KINDS = {
  demo: { store: demoMediaStore, messages: DEMO_MEDIA_MESSAGES, clientTypes: MEDIA_CLIENT_TYPES['demo-media'] },
  campaign: { store: campaignMediaStore, messages: CAMPAIGN_MEDIA_MESSAGES, clientTypes: MEDIA_CLIENT_TYPES['campaign-media'] },
} as const;

/** The columns a stored file sets (a new file replaces all of them). */
const fileColumns = (s: StoredMedia) => ({
  mediaType: s.mediaType,
  file: s.file,
  fileName: s.fileName,
  thumbnail: s.thumbnail,
  mimeType: s.mimeType,
  size: s.size,
  width: s.width ?? null,
  height: s.height ?? null,
  durationSeconds: s.durationSeconds ?? null,
});

/**
 * Demo or campaign media: plain CRUD (createCrudService) around a media file. The file is
 * probed and stored before the write (the crud's own file handling only keeps a key; media rows
 * keep the probe's facts too), removed again if the write is refused, and the old one goes
 * once the row points at the new one, or with the row.
 */
export function createMediaService(app: FastifyInstance, kind: MediaDbKind): ResourceService<Row, Input> {
  const { store, messages, clientTypes } = KINDS[kind];
  const clientError = (message: string) => new AppError('VALIDATION', message, { clientId: message });
  const toneCodeTaken = () => new AppError('CONFLICT', messages.toneCodeTaken, { toneCode: messages.toneCodeTaken });
  const crud = createCrudService<Row, Input>(app, {
    store,
    messages,
    values: (i) => ({
      kind,
      clientId: Number(i.clientId),
      title: i.title,
      description: i.description ?? null,
      toneCode: i.toneCode ?? null,
      status: i.status,
      ...(kind === 'campaign' ? { campaignName: i.campaignName, startDate: i.startDate ?? null, endDate: i.endDate ?? null } : {}),
      ...(i.stored ? fileColumns(i.stored) : {}),
    }),
    // The client deleted, or the tone code taken, between the check and the write.
    writeError: (err) =>
      isForeignKeyViolation(err)
        ? clientError(messages.unknownClient)
        : isUniqueViolation(err, 'media_tone_code_active_uq')
          ? toneCodeTaken()
          : undefined,
  });

  async function checkClient(clientId: unknown) {
    const type = await clientType(app.db, Number(clientId));
    if (!type) throw clientError(messages.unknownClient);
    if (!(clientTypes as readonly string[]).includes(type)) throw clientError(messages.wrongClientType);
  }

  /** One active media per (client, tone code) across both kinds; the unique index settles races. */
  async function checkToneCode(input: Input, exceptId?: number) {
    // The route parsed the body: a code is an upper-cased string or absent (z.input types it unknown).
    const code = typeof input.toneCode === 'string' ? input.toneCode : undefined;
    if (!code || (input.status ?? 'active') !== 'active') return;
    if ((await activeToneCodeHolder(app.db, Number(input.clientId), code, exceptId)) !== undefined) throw toneCodeTaken();
  }

  const putFile = (upload: FormFile) =>
    storeMediaFile(app.storage, { path: upload.path, originalName: upload.originalName }, 'media', {
      maxBytes: app.config.mediaMaxBytes,
      now: app.clock.now(),
      ffmpegPath: app.ffmpegPath,
    });

  /** Runs the write with the new file; a refused write removes it again. */
  async function withStored<T>(upload: FormFile | undefined, write: (stored?: StoredMedia) => Promise<T>): Promise<T> {
    const stored = upload ? await putFile(upload) : undefined;
    try {
      return await write(stored);
    } catch (err) {
      await removeStoredFile(app, stored?.file);
      throw err;
    }
  }

  return {
    get: crud.get,

    async create(ctx, input, upload) {
      await checkClient(input.clientId);
      if (!upload) throw new AppError('VALIDATION', messages.fileRequired, { file: messages.fileRequired });
      await checkToneCode(input);
      return withStored(upload, (stored) => crud.create(ctx, { ...input, stored }));
    },

    async update(ctx, id, input, upload) {
      const before = await crud.get(id);
      // Only a new client is checked against the kind's types: a row kept on a client that no longer
      // fits (data older than the rule) stays editable.
      if (Number(input.clientId) !== before.clientId) await checkClient(input.clientId);
      await checkToneCode(input, id);
      const change = await withStored(upload, (stored) => crud.update(ctx, id, { ...input, stored }));
      if (change.after && change.after.file !== before.file) await removeStoredFile(app, before.file);
      return change;
    },

    async remove(ctx, id) {
      const change = await crud.remove(ctx, id);
      await removeStoredFile(app, change.before?.file);
      return change;
    },
  };
}
