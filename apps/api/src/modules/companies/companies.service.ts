import type { Company, companyInputSchema } from '@console/contract';
import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { type FormFile, storeImage } from '../../plugins/multipart.js';
import { removeStoredFile } from '../../plugins/storage.js';
import { createCompaniesRepository, toCompany } from './companies.repository.js';

type CompanyInput = z.infer<typeof companyInputSchema>;

export const COMPANY_MESSAGES = {
  added: 'Company added successfully',
  updated: 'Company updated successfully',
  deleted: 'Company deleted successfully',
  nameTaken: 'A company with this name already exists',
  inUse: (n: number) =>
    `This company still has ${n} user${n === 1 ? '' : 's'}. Move ${n === 1 ? 'that user' : 'them'} to another company or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

export function createCompaniesService(app: FastifyInstance) {
  const repo = createCompaniesRepository(app.db);
  const nameTaken = () => new AppError('CONFLICT', COMPANY_MESSAGES.nameTaken, { name: COMPANY_MESSAGES.nameTaken });

  const values = (input: CompanyInput) => ({
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    address: input.address ?? null,
    status: input.status,
  });

  async function get(id: number): Promise<Company> {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', 'Company not found');
    return toCompany(row);
  }

  return {
    get,

    async create(request: FastifyRequest, input: CompanyInput, logoFile?: FormFile): Promise<Company> {
      if (await repo.nameTaken(input.name)) throw nameTaken();
      const logo = logoFile ? await storeImage(app, logoFile, 'companies') : null;
      let id: number;
      try {
        id = await repo.insert({ ...values(input), logo, logoName: logo ? (logoFile?.originalName ?? null) : null });
      } catch (err) {
        await removeStoredFile(app, logo);
        throw isUniqueViolation(err) ? nameTaken() : err;
      }
      const created = await get(id);
      await app.audit.record(request, { action: 'create', entity: 'company', entityId: id, after: created });
      return created;
    },

    async update(request: FastifyRequest, id: number, input: CompanyInput, logoFile?: FormFile): Promise<Company> {
      const before = await get(id);
      if (await repo.nameTaken(input.name, id)) throw nameTaken();
      const newLogo = logoFile ? await storeImage(app, logoFile, 'companies') : undefined;
      const logo = newLogo ?? (input.removeLogo ? null : before.logo);
      const logoName = newLogo ? (logoFile?.originalName ?? null) : logo ? before.logoName : null;
      try {
        const found = await repo.update(id, { ...values(input), logo, logoName, updatedAt: app.clock.now() });
        if (!found) throw new AppError('NOT_FOUND', 'Company not found');
      } catch (err) {
        await removeStoredFile(app, newLogo);
        throw isUniqueViolation(err) ? nameTaken() : err;
      }
      // The old file goes only once the row points elsewhere.
      if (before.logo && before.logo !== logo) await removeStoredFile(app, before.logo);
      const after = await get(id);
      await app.audit.record(request, { action: 'update', entity: 'company', entityId: id, before, after });
      return after;
    },

    async remove(request: FastifyRequest, id: number): Promise<void> {
      const before = await get(id);
      if (!(await repo.deleteIfUnused(id))) {
        const users = await repo.userCount(id);
        if (users > 0) throw new AppError('CONFLICT', COMPANY_MESSAGES.inUse(users));
        throw new AppError('NOT_FOUND', 'Company not found');
      }
      await removeStoredFile(app, before.logo);
      await app.audit.record(request, { action: 'delete', entity: 'company', entityId: id, before });
    },
  };
}
