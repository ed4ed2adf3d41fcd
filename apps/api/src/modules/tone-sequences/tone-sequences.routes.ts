import { toneSequencesResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { toneSequenceListFilters, toneSequencesList } from './tone-sequences.repository.js';
import { createToneSequencesService, TONE_SEQUENCE_MESSAGES } from './tone-sequences.service.js';

/** Tone sequences (DESIGN s.4b): a location's codes; JSON add/update, delete refused while user requests use one. */
export default async function toneSequencesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: toneSequencesResource,
    list: toneSequencesList,
    service: createToneSequencesService(app),
    filters: toneSequenceListFilters,
    messages: TONE_SEQUENCE_MESSAGES,
    summaries: { list: 'Tone sequences (list query; locationId for one location)' },
  });
}
