import { type Client, type ClientInput, MEDIA_CLIENT_TYPES } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { clients } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { type Change, createCrudService } from '../../lib/resource/index.js';
import { clientsStore, companyExists } from './clients.repository.js';

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
    `This client still has ${n} ${kind} media, which need${n === 1 ? 's' : ''} a client of type ${kind === 'demo' ? 'demo or both' : 'live or both'}. Move ${n === 1 ? 'it' : 'them'} to another client or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

type Input = Required<Pick<ClientInput, 'name' | 'companyId'>> & Omit<ClientInput, 'name' | 'companyId'>;

const checkCompany = async (app: FastifyInstance, companyId: unknown) => {
  if (!(await companyExists(app.db, Number(companyId)))) {
    throw new AppError('VALIDATION', CLIENT_MESSAGES.unknownCompany, { companyId: CLIENT_MESSAGES.unknownCompany });
  }
};

/**
 * A new type must still fit every media the client holds (DESIGN s.4b: demo media need demo or
 * both, campaign media live or both), else those rows would silently break the rule: 409 with the
 * count, as the in-use delete answers. The counts come with the row read before the write.
 */
const checkTypeKeepsMedia = (before: Client, type: ClientInput['type']) => {
  if (!type || type === before.type) return;
  const held = [
    ['demo', before.demoMedia],
    ['campaign', before.campaignMedia],
  ] as const;
  for (const [kind, n] of held) {
    if (n === 0 || (MEDIA_CLIENT_TYPES[`${kind}-media`] as readonly string[]).includes(type)) continue;
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
    values: (i) => ({
      name: i.name,
      companyId: Number(i.companyId),
      type: i.type,
      status: i.status,
      offlineMode: i.offlineMode,
      email: i.email ?? null,
      phone: i.phone ?? null,
    }),
    hooks: {
      beforeCreate: (_ctx, input) => checkCompany(app, input.companyId),
      beforeUpdate: async (_ctx, before, input) => {
        await checkCompany(app, input.companyId);
        checkTypeKeepsMedia(before, input.type);
      },
    },
  });

  /** One column of a row toggle; audited by the route like every other write. */
  async function toggle(id: number, values: Partial<typeof clients.$inferInsert>): Promise<Change<Client>> {
    const before = await crud.get(id);
    if (!(await clientsStore.update(app.db, id, { ...values, updatedAt: app.clock.now() }))) {
      throw new AppError('NOT_FOUND', CLIENT_MESSAGES.notFound);
    }
    return { id, before, after: await crud.get(id) };
  }

  return {
    ...crud,
    setStatus: (id: number, status: Client['status']) => toggle(id, { status }),
    setOfflineMode: (id: number, offlineMode: boolean) => toggle(id, { offlineMode }),
  };
}
