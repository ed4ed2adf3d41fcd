import { type Location, type locationInputSchema, locationInUseMessage } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import { createCrudService } from '../../lib/resource/index.js';
import { clientExists, locationUsage, locationsStore } from './locations.repository.js';

export const LOCATION_MESSAGES = {
  added: 'Location added successfully',
  updated: 'Location updated successfully',
  deleted: 'Location deleted successfully',
  notFound: 'Location not found',
  nameTaken: 'A location with this name already exists',
  unknownClient: 'Choose an existing client',
  // Only when a reference arrives between beforeRemove's counts and the delete (the counts are unknown then).
  inUse: () => 'This location is now in use by tone sequences or user requests. Deactivate it instead.',
} as const;

type Input = z.output<typeof locationInputSchema>;

const unknownClient = () => new AppError('VALIDATION', LOCATION_MESSAGES.unknownClient, { clientId: LOCATION_MESSAGES.unknownClient });

/** Locations: unique name, an optional existing client, 409 (counts apart, deactivation suggested) while tone sequences or requests use one. */
export function createLocationsService(app: FastifyInstance) {
  const checkClient = async (input: Input) => {
    if (input.clientId && !(await clientExists(app.db, input.clientId))) throw unknownClient();
  };
  return createCrudService<Location, Input>(app, {
    store: locationsStore,
    messages: LOCATION_MESSAGES,
    values: (i) => ({
      name: i.name,
      address: i.address ?? null,
      city: i.city ?? null,
      country: i.country ?? null,
      latitude: i.latitude ?? null,
      longitude: i.longitude ?? null,
      clientId: i.clientId ?? null,
      status: i.status,
    }),
    hooks: {
      beforeCreate: (_ctx, input) => checkClient(input),
      beforeUpdate: (_ctx, _before, input) => checkClient(input),
      // A 409 that names tone sequences and user requests apart and says what to do instead.
      beforeRemove: async (_ctx, before) => {
        const usage = await locationUsage(app.db, before.id);
        if (usage.toneSequences + usage.userRequests > 0) throw new AppError('CONFLICT', locationInUseMessage(usage));
      },
    },
    // The client deleted between the check and the write.
    writeError: (err) => (isForeignKeyViolation(err) ? unknownClient() : undefined),
  });
}
