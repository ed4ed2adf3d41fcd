import type { ToneSequence, toneSequenceInputSchema } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation, isUniqueViolation, pgConstraint } from '../../lib/pg-errors.js';
import { createCrudService } from '../../lib/resource/index.js';
import { codeTaken, locationExists, toneSequencesStore } from './tone-sequences.repository.js';

export const TONE_SEQUENCE_MESSAGES = {
  added: 'Tone sequence added successfully',
  updated: 'Tone sequence updated successfully',
  deleted: 'Tone sequence deleted successfully',
  notFound: 'Tone sequence not found',
  nameTaken: 'This location already has a tone sequence with this name',
  codeTaken: 'This code is already used by another tone sequence',
  unknownLocation: 'Choose an existing location',
  inUse: (n: number) =>
    `This tone sequence has ${n} user request${n === 1 ? '' : 's'}. Set it inactive instead, or delete ${n === 1 ? 'that request' : 'those requests'} first.`,
} as const;

type Input = z.output<typeof toneSequenceInputSchema>;

const M = TONE_SEQUENCE_MESSAGES;
const codeConflict = () => new AppError('CONFLICT', M.codeTaken, { code: M.codeTaken });
const unknownLocation = () => new AppError('VALIDATION', M.unknownLocation, { locationId: M.unknownLocation });

/** Tone sequences: code unique everywhere, name unique per location, an existing location, 409 while requests use one. */
export function createToneSequencesService(app: FastifyInstance) {
  const check = async (input: Input, exceptId?: number) => {
    if (!(await locationExists(app.db, input.locationId))) throw unknownLocation();
    if (await codeTaken(app.db, input.code, exceptId)) throw codeConflict();
  };
  return createCrudService<ToneSequence, Input>(app, {
    store: toneSequencesStore,
    messages: M,
    values: (i) => ({ name: i.name, code: i.code, locationId: i.locationId, status: i.status }),
    hooks: { beforeCreate: (_ctx, input) => check(input), beforeUpdate: (_ctx, before, input) => check(input, before.id) },
    // Races the checks above lost: the code index, or the location deleted meanwhile.
    writeError: (err) => {
      if (isUniqueViolation(err) && pgConstraint(err) === 'tone_sequences_code_uq') return codeConflict();
      return isForeignKeyViolation(err) ? unknownLocation() : undefined;
    },
  });
}
