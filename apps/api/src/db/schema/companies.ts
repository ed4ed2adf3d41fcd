import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { entityStatus, identityId, statusAndCreatedIndexes, timestamps, trigramIndex, uniqueIgnoringCase } from './columns.js';

export const companies = pgTable(
  'companies',
  {
    id: identityId(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 50 }),
    website: varchar('website', { length: 255 }),
    address: text('address'),
    logo: varchar('logo', { length: 500 }),
    // The uploaded file's own name (the stored key is a UUID), shown in the edit form.
    logoName: varchar('logo_name', { length: 255 }),
    status: entityStatus(),
    ...timestamps(),
  },
  (t) => [
    index('companies_name_idx').on(t.name),
    ...statusAndCreatedIndexes('companies', t),
    // GET /files finds the company whose logo a key is (companies.view may read it).
    index('companies_logo_idx').on(t.logo),
    trigramIndex('companies_name_trgm_idx', t.name),
    uniqueIgnoringCase('companies_name_lower_uq', t.name),
  ],
);
