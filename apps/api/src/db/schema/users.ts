import { DEFAULT_COLORS } from '@console/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { roles } from './access.js';
import { entityStatus, identityId, timestamptz, statusAndCreatedIndexes, timestamps, trigramIndex } from './columns.js';
import { companies } from './companies.js';

export const users = pgTable(
  'users',
  {
    id: identityId(),
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
    status: entityStatus(),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: timestamptz('last_login_at'),
    apiKeyHash: varchar('api_key_hash', { length: 128 }).unique(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    passwordChangedAt: timestamptz('password_changed_at'),
    ...timestamps(),
  },
  (t) => [
    index('users_role_idx').on(t.roleId),
    index('users_company_idx').on(t.companyId),
    ...statusAndCreatedIndexes('users', t),
    // GET /files finds the user whose profile image a key is (users.view or self may read it).
    index('users_profile_idx').on(t.profile),
    index('users_name_idx').on(t.lastname, t.firstname),
    trigramIndex('users_search_trgm_idx', sql`(${t.firstname} || ' ' || ${t.lastname} || ' ' || ${t.email})`),
  ],
);
