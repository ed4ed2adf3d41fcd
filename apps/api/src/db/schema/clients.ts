import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const CLIENT_TYPES = ['demo', 'live', 'both'] as const;
export const ENTITY_STATUSES = ['active', 'inactive'] as const;

/** Demo-admin clients (DESIGN s.4b): a company's customer whose media and actions staff manage. */
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // RESTRICT: a company with clients answers 409 on delete; the FK keeps a racing delete from
    // orphaning clients after the service's count said zero.
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 10, enum: CLIENT_TYPES }).notNull().default('demo'),
    status: varchar('status', { length: 20, enum: ENTITY_STATUSES }).notNull().default('active'),
    offlineMode: boolean('offline_mode').notNull().default(false),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 50 }),
    // Storage key of the logo and the name it was uploaded with (shown in the edit drawer).
    logo: varchar('logo', { length: 500 }),
    logoName: varchar('logo_name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique per company whatever their case; the index settles concurrent creates.
    uniqueIndex('clients_company_name_lower_uq').on(t.companyId, sql`lower(${t.name})`),
    index('clients_company_idx').on(t.companyId),
    index('clients_type_idx').on(t.type),
    index('clients_status_idx').on(t.status),
    index('clients_name_idx').on(t.name),
    index('clients_created_at_idx').on(t.createdAt),
    // GET /files finds the client whose logo a key is (clients.view may read it).
    index('clients_logo_idx').on(t.logo),
    index('clients_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
