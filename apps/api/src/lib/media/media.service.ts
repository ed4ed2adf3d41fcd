import {
  type CampaignMedia,
  type CampaignMediaInput,
  campaignMediaResource,
  type DemoMedia,
  type DemoMediaInput,
  demoMediaResource,
  MEDIA_FILE_MESSAGES,
  MEDIA_TONE_CODE_MESSAGES,
  type MediaKind,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../app-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '../pg-errors.js';
import { createCrudService } from '../resource/index.js';
import type { ResourceRouteOptions } from '../resource/routes.js';
import { mediaClientFits, mediaClientTypesText, mediaFileColumns, mediaRowValues } from './media-rows.js';
import { activeToneCodeHolder, campaignMediaList, clientType, demoMediaList, mediaListFilters, mediaStores } from './media.repository.js';
import { storeMediaFile } from './store.js';

const RESOURCES = { 'demo-media': demoMediaResource, 'campaign-media': campaignMediaResource } as const;

/** The answers of one kind's writes, in its own words (label and client types from the contract). */
const messagesOf = (kind: MediaKind) => {
  const label = RESOURCES[kind].label.singular;
  return {
    added: `${label} added successfully`,
    updated: `${label} updated successfully`,
    deleted: `${label} deleted successfully`,
    notFound: `${label} not found`,
    unknownClient: 'Choose an existing client',
    wrongClientType: `Choose a client of type ${mediaClientTypesText(kind)}`,
    fileRequired: MEDIA_FILE_MESSAGES.required,
    toneCodeTaken: MEDIA_TONE_CODE_MESSAGES.taken,
    inUse: (n: number) =>
      `This media is shown by ${n} manage-action${n === 1 ? '' : 's'}. Change or delete ${n === 1 ? 'it' : 'them'} first.`,
  } as const;
};

type Input = Omit<CampaignMediaInput, 'clientId' | 'title'> & Pick<DemoMediaInput, 'clientId' | 'title'>;
type Row = DemoMedia | CampaignMedia;

/**
 * Demo or campaign media: the generic service (lib/resource/service.ts) around a media file. The
 * file is probed and stored before the write (its facts are columns of the row, mediaFileColumns),
 * removed again if the write is refused; the old one goes once the row points at the new one, or
 * with the row.
 */
function createMediaService(app: FastifyInstance, kind: MediaKind) {
  const messages = messagesOf(kind);
  const clientError = (message: string) => new AppError('VALIDATION', message, { clientId: message });
  const toneCodeTaken = () => new AppError('CONFLICT', messages.toneCodeTaken, { toneCode: messages.toneCodeTaken });

  async function checkClient(db: Db, clientId: unknown) {
    const type = await clientType(db, Number(clientId));
    if (!type) throw clientError(messages.unknownClient);
    if (!mediaClientFits(kind, type)) throw clientError(messages.wrongClientType);
  }

  /** One active media per (client, tone code) across both kinds; the unique index settles races. */
  async function checkToneCode(db: Db, input: Input, exceptId?: number) {
    // The route parsed the body: a code is an upper-cased string or absent (z.input types it unknown).
    const code = typeof input.toneCode === 'string' ? input.toneCode : undefined;
    if (!code || (input.status ?? 'active') !== 'active') return;
    if ((await activeToneCodeHolder(db, Number(input.clientId), code, exceptId)) !== undefined) throw toneCodeTaken();
  }

  return createCrudService<Row, Input>(app, {
    store: mediaStores[kind],
    messages,
    file: {
      field: 'file',
      nameField: 'fileName',
      folder: 'media',
      async store(upload, folder) {
        const source = { path: upload.path, originalName: upload.originalName };
        const options = { maxBytes: app.config.mediaMaxBytes, now: app.clock.now(), ffmpegPath: app.ffmpegPath };
        const stored = await storeMediaFile(app.storage, source, folder, options);
        return { key: stored.file, columns: mediaFileColumns(stored) };
      },
    },
    values: (i) =>
      mediaRowValues(kind, {
        clientId: Number(i.clientId),
        title: i.title,
        description: i.description as string | null | undefined,
        toneCode: i.toneCode as string | null | undefined,
        status: i.status,
        campaignName: i.campaignName,
        startDate: i.startDate as string | null | undefined,
        endDate: i.endDate as string | null | undefined,
      }),
    hooks: {
      async beforeCreate({ db, file }, input) {
        await checkClient(db, input.clientId);
        if (!file) throw new AppError('VALIDATION', messages.fileRequired, { file: messages.fileRequired });
        await checkToneCode(db, input);
      },
      async beforeUpdate({ db }, before, input) {
        // Only a new client is checked against the kind's types: a row kept on a client that no longer
        // fits (data older than the rule) stays editable.
        if (Number(input.clientId) !== before.clientId) await checkClient(db, input.clientId);
        await checkToneCode(db, input, before.id);
      },
    },
    // The client deleted, or the tone code taken, between the check and the write.
    writeError: (err) =>
      isForeignKeyViolation(err)
        ? clientError(messages.unknownClient)
        : isUniqueViolation(err, 'media_tone_code_active_uq')
          ? toneCodeTaken()
          : undefined,
  });
}

/**
 * The routes of one media screen (modules/demo-media, modules/campaign-media): the resource
 * pattern over its list, with multipart add/update whose file part `file` (required on add,
 * optional on update) is streamed to a temp file and checked by content up to MEDIA_MAX_BYTES.
 */
export function mediaRouteOptions(app: FastifyInstance, kind: MediaKind): ResourceRouteOptions<Row> {
  const resource = RESOURCES[kind];
  const label = resource.label.singular.toLowerCase();
  return {
    resource,
    list: (kind === 'demo-media' ? demoMediaList : campaignMediaList) as ResourceRouteOptions<Row>['list'],
    service: createMediaService(app, kind) as ResourceRouteOptions<Row>['service'],
    filters: mediaListFilters,
    messages: messagesOf(kind),
    fileMaxBytes: app.config.mediaMaxBytes,
    summaries: {
      list: `${resource.label.plural} of a client (filter clientId)`,
      add: `Add ${label} (multipart: fields + the media file \`file\`)`,
      update: `Edit ${label} (multipart: fields + optional new \`file\`)`,
      remove: `Delete ${label} (409 while a show-media action uses it)`,
    },
  };
}
