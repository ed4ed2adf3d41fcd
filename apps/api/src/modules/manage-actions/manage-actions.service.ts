import { ACTION_VALUE_MESSAGES, type ManageAction, type manageActionInputSchema } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation, pgConstraint } from '../../lib/pg-errors.js';
import { createCrudService } from '../../lib/resource/index.js';
import { clientExists, clientHasMedia, manageActionsStore } from './manage-actions.repository.js';

export const MANAGE_ACTION_MESSAGES = {
  added: 'Action added successfully',
  updated: 'Action updated successfully',
  deleted: 'Action deleted successfully',
  notFound: 'Action not found',
  nameTaken: 'This client already has an action with this name',
  unknownClient: 'Choose an existing client',
  mediaOfClient: ACTION_VALUE_MESSAGES['show-media'],
} as const;

type Input = z.output<typeof manageActionInputSchema>;

const M = MANAGE_ACTION_MESSAGES;
const unknownClient = () => new AppError('VALIDATION', M.unknownClient, { clientId: M.unknownClient });
const foreignMedia = () => new AppError('VALIDATION', M.mediaOfClient, { value: M.mediaOfClient });

/** The media id a show-media action points at (the contract already checked it is a whole number). */
const mediaIdOf = (i: Input) => (i.actionType === 'show-media' ? Number(i.value) : null);

/** Manage-actions: name unique per client, an existing client, and show-media only of that client's media. */
export function createManageActionsService(app: FastifyInstance) {
  const check = async (input: Input) => {
    if (!(await clientExists(app.db, input.clientId))) throw unknownClient();
    const mediaId = mediaIdOf(input);
    if (mediaId !== null && !(await clientHasMedia(app.db, input.clientId, mediaId))) throw foreignMedia();
  };
  return createCrudService<ManageAction, Input>(app, {
    store: manageActionsStore,
    messages: M,
    values: (i) => ({
      clientId: i.clientId,
      name: i.name,
      actionType: i.actionType,
      value: i.value,
      mediaId: mediaIdOf(i),
      toneCode: i.toneCode ?? null,
      status: i.status,
    }),
    hooks: { beforeCreate: (_ctx, input) => check(input), beforeUpdate: (_ctx, _before, input) => check(input) },
    // Races the checks above lost: the client or the media deleted between the check and the write.
    writeError: (err) => {
      if (!isForeignKeyViolation(err)) return undefined;
      return pgConstraint(err) === 'manage_actions_media_id_media_id_fk' ? foreignMedia() : unknownClient();
    },
  });
}
