import type { Client, ClientInput } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { mediaClientFits, mediaClientTypesText } from '../../lib/media/media-rows.js';
import { createCrudService, inputColumns, rowExists } from '../../lib/resource/index.js';
import { clientsStore } from './clients.repository.js';

export const CLIENT_MESSAGES = {
  added: 'Client added successfully',
  updated: 'Client updated successfully',
  deleted: 'Client deleted successfully',
  statusUpdated: 'Client status updated successfully',
  offlineModeUpdated: 'Client offline mode updated successfully',
  notFound: 'Client not found',
  nameTaken: 'This company already has a client with this name',
  unknownCompany: 'Choose an existing company',
  inUse: (n: number) =>
    `This client still has ${n} media file${n === 1 ? '' : 's'} or action${n === 1 ? '' : 's'}. Delete ${n === 1 ? 'it' : 'them'} first.`,
  typeInUse: (n: number, kind: 'demo' | 'campaign') =>
    `This client still has ${n} ${kind} media, which need${n === 1 ? 's' : ''} a client of type ${mediaClientTypesText(`${kind}-media`)}. Move ${n === 1 ? 'it' : 'them'} to another client or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

type Input = Required<Pick<ClientInput, 'name' | 'companyId'>> & Omit<ClientInput, 'name' | 'companyId'>;

const checkCompany = async (db: Db, companyId: unknown) => {
  if (!(await rowExists(db, companies.id, Number(companyId)))) {
    throw new AppError('VALIDATION', CLIENT_MESSAGES.unknownCompany, { companyId: CLIENT_MESSAGES.unknownCompany });
  }
};

/**
 * A new type must still fit every media the client holds (the contract's MEDIA_CLIENT_TYPES, DESIGN
 * s.4b), else those rows would silently break the rule: 409 with the count, as the in-use delete answers. The counts come with the row read before the write.
 */
const checkTypeKeepsMedia = (before: Client, type: ClientInput['type']) => {
  if (!type || type === before.type) return;
  const held = [
    ['demo', before.demoMedia],
    ['campaign', before.campaignMedia],
  ] as const;
  for (const [kind, n] of held) {
    if (n === 0 || mediaClientFits(`${kind}-media`, type)) continue;
    const message = CLIENT_MESSAGES.typeInUse(n, kind);
    throw new AppError('CONFLICT', message, { type: message });
  }
};

/** Clients are plain CRUD with a logo, a company check, and two row toggles (status, offline mode). */
export function createClientsService(app: FastifyInstance) {
  const crud = createCrudService<Client, Input>(app, {
    store: clientsStore,
    messages: CLIENT_MESSAGES,
    file: { field: 'logo', nameField: 'logoName', folder: 'clients', removeFlag: 'removeLogo' },
    values: inputColumns<Input>('name', 'companyId', 'type', 'status', 'offlineMode', 'email', 'phone'),
    hooks: {
      beforeCreate: ({ db }, input) => checkCompany(db, input.companyId),
      beforeUpdate: async ({ db }, before, input) => {
        await checkCompany(db, input.companyId);
        checkTypeKeepsMedia(before, input.type);
      },
    },
  });

  return {
    ...crud,
    // Row toggles: one column each, audited by the route like every other write.
    setStatus: (id: number, status: Client['status']) => crud.patch(id, 'update-status', { status }),
    setOfflineMode: (id: number, offlineMode: boolean) => crud.patch(id, 'update-offline-mode', { offlineMode }),
  };
}
