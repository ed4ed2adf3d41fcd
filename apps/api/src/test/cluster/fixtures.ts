// What the cluster tests set up: users made through the API, their keys, tone codes and a client
// (the last two straight in the database: the tests are about the replicas, not those screens).
import { randomBytes, randomUUID } from 'node:crypto';
import type { User } from '@console/contract';
import { clients, companies, locations, toneSequences } from '../../db/schema/index.js';
import type { Cluster } from './cluster.js';
import { call, multipart, type Session } from './http.js';

const USER_PASSWORD = 'Cluster-User-Pass-58';

const userFields = (email: string) => ({
  firstname: 'Replica',
  lastname: 'Tester',
  email,
  roleId: '1',
  status: 'active',
  twoFactorEnabled: 'false',
  password: USER_PASSWORD,
});

/** A new active user (super-admin role: every key, ingestion included), added through `base`. */
export async function addUser(base: string, admin: Session): Promise<User & { password: string }> {
  const email = `replica-${randomBytes(4).toString('hex')}@example.com`;
  const form = multipart(userFields(email));
  const res = await call(base, '/api/users/add', { as: admin, ...form });
  if (res.status !== 201 && res.status !== 200) throw new Error(`add user answered ${res.status}: ${res.text}`);
  return { ...res.json<{ data: User }>().data, password: USER_PASSWORD };
}

/** The edit form with status inactive, as the users screen sends it. */
export function disableUser(base: string, admin: Session, user: User) {
  const form = multipart({ ...userFields(user.email), password: '', status: 'inactive' });
  return call(base, `/api/users/update/${user.id}`, { method: 'PATCH', as: admin, ...form });
}

export async function apiKeyOf(base: string, admin: Session, userId: number): Promise<string> {
  const res = await call(base, `/api/users/${userId}/regenerate-api-key`, { method: 'PATCH', as: admin });
  const key = res.json<{ apiKey?: string }>().apiKey;
  if (!key) throw new Error(`regenerate-api-key answered ${res.status}: ${res.text}`);
  return key;
}

export async function toneCode(c: Cluster): Promise<string> {
  const code = `CL-${randomBytes(3).toString('hex').toUpperCase()}`;
  const [location] = await c.db
    .insert(locations)
    .values({ name: `Cluster hall ${code}` })
    .returning({ id: locations.id });
  await c.db.insert(toneSequences).values({ name: 'Cluster tone', code, locationId: location!.id });
  return code;
}

export async function clientId(c: Cluster): Promise<number> {
  const [company] = await c.db
    .insert(companies)
    .values({ name: `Cluster Co ${randomBytes(3).toString('hex')}` })
    .returning({ id: companies.id });
  const [client] = await c.db.insert(clients).values({ name: 'Cluster client', companyId: company!.id }).returning({ id: clients.id });
  return client!.id;
}

export const ingestItem = (code: string, deviceCode: string) => ({
  eventId: randomUUID(),
  deviceCode,
  toneCode: code,
  requestedAt: new Date().toISOString(),
  platform: 'android',
  deviceModel: 'Pixel 8',
  osVersion: '14',
  appVersion: '2.3.1',
});

/** RFC 4180 CSV of rows (first row = header). */
export const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);
