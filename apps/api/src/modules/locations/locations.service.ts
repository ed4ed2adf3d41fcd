import type { Location, locationInputSchema } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import { createCrudService } from '../../lib/resource/index.js';
import { clientExists, locationsStore } from './locations.repository.js';

export const LOCATION_MESSAGES = {
  added: 'Location added successfully',
  updated: 'Location updated successfully',
  deleted: 'Location deleted successfully',
  notFound: 'Location not found',
  nameTaken: 'A location with this name already exists',
  unknownClient: 'Choose an existing client',
  inUse: (n: number) =>
    `This location still has ${n} tone sequence${n === 1 ? '' : 's'} or user request${n === 1 ? '' : 's'}. Delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

type Input = z.output<typeof locationInputSchema>;

const unknownClient = () => new AppError('VALIDATION', LOCATION_MESSAGES.unknownClient, { clientId: LOCATION_MESSAGES.unknownClient });

/** Locations: unique name, an optional existing client, 409 while tone sequences or requests use one. */
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
    hooks: { beforeCreate: (_ctx, input) => checkClient(input), beforeUpdate: (_ctx, _before, input) => checkClient(input) },
    // The client deleted between the check and the write.
    writeError: (err) => (isForeignKeyViolation(err) ? unknownClient() : undefined),
  });
}
