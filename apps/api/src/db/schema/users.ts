import { DEFAULT_COLORS } from '@console/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { roles } from './access.js';
import { companies } from './companies.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    firstname: varchar('firstname', { length: 100 }).notNull(),
    lastname: varchar('lastname', { length: 100 }).notNull().default(''),
    // Stored lower-cased so the unique constraint and sign-in lookups are case-insensitive.
    email: varchar('email', { length: 254 }).notNull().unique(),
    phone: varchar('phone', { length: 50 }),
    profile: varchar('profile', { length: 500 }),
    // The uploaded image's own name (the stored key is a UUID), shown in the edit form.
    profileName: varchar('profile_name', { length: 255 }),
    primaryColor: varchar('primary_color', { length: 20 }).notNull().default(DEFAULT_COLORS.primaryColor),
    secondaryColor: varchar('secondary_color', { length: 20 }).notNull().default(DEFAULT_COLORS.secondaryColor),
    status: varchar('status', { length: 20, enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    apiKeyHash: varchar('api_key_hash', { length: 128 }).unique(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_role_idx').on(t.roleId),
    index('users_company_idx').on(t.companyId),
    index('users_status_idx').on(t.status),
    index('users_created_at_idx').on(t.createdAt),
    // GET /files finds the user whose profile image a key is (users.view or self may read it).
    index('users_profile_idx').on(t.profile),
    index('users_name_idx').on(t.lastname, t.firstname),
    index('users_search_trgm_idx').using('gin', sql`(${t.firstname} || ' ' || ${t.lastname} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);
