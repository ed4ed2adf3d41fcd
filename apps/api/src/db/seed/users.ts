import { randomBytes } from 'node:crypto';
import { SUPER_ADMIN_ROLE_ID } from '@console/contract';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Db } from '../client.js';
import { companies, users } from '../schema/index.js';
import { GUEST_ROLE, seedRole } from './roles.js';

/** Readable yet strong (~120 bits); shown once on the console, so it must be typeable. */
const generatePassword = () => randomBytes(15).toString('base64url');

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** First start only: the role-1 account. Returns the password when it had to be generated. */
export async function seedSuperAdmin(db: Db, config: Config): Promise<string | undefined> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.roleId, SUPER_ADMIN_ROLE_ID)).limit(1);
  if (existing.length) return undefined;
  const password = config.adminPassword ?? generatePassword();
  await db
    .insert(users)
    .values({
      roleId: SUPER_ADMIN_ROLE_ID,
      firstname: 'Super',
      lastname: 'Admin',
      email: config.adminEmail.toLowerCase(),
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  return config.adminPassword ? undefined : password;
}

const DEMO_COMPANIES = [
  {
    name: 'Acme Media',
    email: 'hello@acme-media.example',
    phone: '+1 555 0100',
    website: 'https://acme-media.example',
    address: '1 Main Street, Springfield',
  },
  {
    name: 'Northwind Devices',
    email: 'info@northwind.example',
    phone: '+44 20 7946 0000',
    website: 'https://northwind.example',
    address: '12 Harbour Road, Bristol',
  },
  {
    name: 'Globex Campaigns',
    email: 'team@globex.example',
    phone: '+49 30 1234567',
    website: 'https://globex.example',
    address: 'Unter den Linden 5, Berlin',
    status: 'inactive' as const,
  },
];

/** Demo content for an empty embedded database: the access cases of docs/interfaces.md "Seed". */
export async function seedDemo(db: Db, config: Config): Promise<string | undefined> {
  await seedRole(db, GUEST_ROLE);
  const created = await db.insert(companies).values(DEMO_COMPANIES).returning({ id: companies.id });
  const password = config.seedDemoPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const company = (i: number) => created[i]?.id ?? null;
  await db
    .insert(users)
    .values([
      { roleId: 2, companyId: company(0), firstname: 'Maria', lastname: 'Manager', email: 'manager@example.com', passwordHash },
      {
        roleId: 3,
        companyId: company(1),
        firstname: 'Alex',
        lastname: 'Agent',
        email: 'agent@example.com',
        passwordHash,
        twoFactorEnabled: true,
      },
      { roleId: 4, companyId: company(0), firstname: 'Gina', lastname: 'Guest', email: 'guest@example.com', passwordHash },
    ])
    .onConflictDoNothing();
  return config.seedDemoPassword ? undefined : password;
}
