import type { Company, CompanyInput } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createCrudService, inputColumns } from '../../lib/resource/index.js';
import { companiesStore } from './companies.repository.js';

export const COMPANY_MESSAGES = {
  added: 'Company added successfully',
  updated: 'Company updated successfully',
  deleted: 'Company deleted successfully',
  notFound: 'Company not found',
  nameTaken: 'A company with this name already exists',
  // The count is users and clients together (the store counts both references).
  inUse: (n: number) =>
    `This company still has ${n} user${n === 1 ? '' : 's'} or client${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another company or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

type Input = Omit<CompanyInput, 'status'> & { status: Company['status'] };

/** Companies are plain CRUD: unique name (ignoring case), logo file, 409 while users belong to one. */
export function createCompaniesService(app: FastifyInstance) {
  return createCrudService<Company, Input>(app, {
    store: companiesStore,
    messages: COMPANY_MESSAGES,
    file: { field: 'logo', nameField: 'logoName', folder: 'companies', removeFlag: 'removeLogo' },
    values: inputColumns<Input>('name', 'email', 'phone', 'website', 'address', 'status'),
  });
}
