import type { Client, ClientInput } from '@console/contract';
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
} as const;

type Input = Required<Pick<ClientInput, 'name' | 'companyId'>> & Omit<ClientInput, 'name' | 'companyId'>;

const checkCompany = async (app: FastifyInstance, companyId: unknown) => {
  if (!(await companyExists(app.db, Number(companyId)))) {
    throw new AppError('VALIDATION', CLIENT_MESSAGES.unknownCompany, { companyId: CLIENT_MESSAGES.unknownCompany });
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
      beforeUpdate: (_ctx, _before, input) => checkCompany(app, input.companyId),
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
