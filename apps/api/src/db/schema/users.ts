import { DEFAULT_COLORS } from '@console/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { roles } from './access.js';
import { entityStatus, identityId, timestamptz, timestamps, trigramIndex } from './columns.js';
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
    // The user chose to let a passkey alone sign them in (otherwise a passkey is a second step).
    passkeySignIn: boolean('passkey_sign_in').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: timestamptz('last_login_at'),
    apiKeyHash: varchar('api_key_hash', { length: 128 }).unique(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    passwordChangedAt: timestamptz('password_changed_at'),
    ...timestamps(),
    // What the list's search reads, lower-cased once on write (see user_requests.search_text).
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(firstname || ' ' || lastname || ' ' || email)`),
  },
  (t) => [
    index('users_role_idx').on(t.roleId),
    index('users_company_idx').on(t.companyId),
    // GET /files finds the user whose profile image a key is (users.view or self may read it).
    index('users_profile_idx').on(t.profile),
    // (sort column, id) for each column GET /users sorts by: the list orders by both, so a page is
    // an index-only read of 500 ids (forward, or backward for pages past the middle) and the
    // status filter uses the same index (lib/list-query.ts). roleName and companyName sort by a
    // joined table and have none.
    index('users_status_idx').on(t.status, t.id),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_updated_at_idx').on(t.updatedAt, t.id),
    index('users_firstname_idx').on(t.firstname, t.id),
    index('users_lastname_idx').on(t.lastname, t.id),
    index('users_email_sort_idx').on(t.email, t.id),
    index('users_phone_idx').on(t.phone, t.id),
    index('users_two_factor_idx').on(t.twoFactorEnabled, t.id),
    index('users_last_login_idx').on(t.lastLoginAt, t.id),
    trigramIndex('users_search_trgm_idx', t.searchText),
  ],
);
