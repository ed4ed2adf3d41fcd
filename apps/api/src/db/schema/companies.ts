import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 50 }),
    website: varchar('website', { length: 255 }),
    address: text('address'),
    logo: varchar('logo', { length: 500 }),
    // The uploaded file's own name (the stored key is a UUID), shown in the edit form.
    logoName: varchar('logo_name', { length: 255 }),
    status: varchar('status', { length: 20, enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_name_idx').on(t.name),
    index('companies_status_idx').on(t.status),
    index('companies_created_at_idx').on(t.createdAt),
    // GET /files finds the company whose logo a key is (companies.view may read it).
    index('companies_logo_idx').on(t.logo),
    // Lists search with ILIKE '%term%'; a trigram index keeps that fast on large tables.
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Company names are unique regardless of case ("ACME" is "Acme").
    uniqueIndex('companies_name_lower_uq').on(sql`lower(${t.name})`),
  ],
);
