import { CLIENT_TYPES } from '@console/contract';
import { boolean, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityStatus, identityId, requiredRef, statusAndCreatedIndexes, timestamps, trigramIndex, uniqueIgnoringCase } from './columns.js';
import { companies } from './companies.js';

/** Demo-admin clients (DESIGN s.4b): a company's customer whose media and actions staff manage. */
export const clients = pgTable(
  'clients',
  {
    id: identityId(),
    // RESTRICT: a company with clients answers 409 on delete; the FK keeps a racing delete from
    // orphaning clients after the service's count said zero.
    companyId: requiredRef('company_id', () => companies.id, 'restrict'),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 10, enum: CLIENT_TYPES }).notNull().default('demo'),
    status: entityStatus(),
    offlineMode: boolean('offline_mode').notNull().default(false),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 50 }),
    // Storage key of the logo and the name it was uploaded with (shown in the edit drawer).
    logo: varchar('logo', { length: 500 }),
    logoName: varchar('logo_name', { length: 255 }),
    ...timestamps(),
  },
  (t) => [
    // Names are unique per company whatever their case; the index settles concurrent creates.
    uniqueIgnoringCase('clients_company_name_lower_uq', t.name, t.companyId),
    index('clients_company_idx').on(t.companyId),
    index('clients_type_idx').on(t.type),
    ...statusAndCreatedIndexes('clients', t),
    index('clients_name_idx').on(t.name),
    // GET /files finds the client whose logo a key is (clients.view may read it).
    index('clients_logo_idx').on(t.logo),
    trigramIndex('clients_name_trgm_idx', t.name),
  ],
);
