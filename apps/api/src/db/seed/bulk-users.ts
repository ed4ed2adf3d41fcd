import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

const FIRST = [
  'Anna',
  'Bram',
  'Chloé',
  'Dirk',
  'Emma',
  'Finn',
  'Griet',
  'Hugo',
  'Ines',
  'Jonas',
  'Katrien',
  'Lucas',
  'Marie',
  'Noah',
  'Olivia',
];
const LAST = [
  'Peeters',
  'Janssens',
  'Maes',
  'Jacobs',
  'Mertens',
  'Willems',
  'Claes',
  'Goossens',
  'Wouters',
  'De Smet',
  'Dubois',
  'Lambert',
];
const literal = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`);

/**
 * Adds `total` users in SQL (generate_series: no rows travel through Node), for scale tests and
 * benches (`npm run seed -- --scale 1m`): mixed names, unique e-mails, the existing roles other
 * than super admin, three in four in a company (10 are made if there are none), one in ten
 * inactive, a third never signed in, created over the last two years. They cannot sign in (the
 * password hash is not a hash). Offline use only.
 */
export async function seedBulkUsers(
  db: Db,
  total: number,
  options: { chunk?: number; onProgress?(done: number, total: number): void } = {},
) {
  const chunk = options.chunk ?? 250_000;
  await db.execute(sql`
    insert into companies (name) select 'Scale company ' || g from generate_series(1, 10) g
    where not exists (select 1 from companies)`);
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await db.execute(sql`
      with r as (select array_agg(id order by id) as ids from roles where id <> 1),
           c as (select array_agg(id order by id) as ids from companies),
           base as (select coalesce(max(id), 0) as n from users)
      insert into users (role_id, company_id, firstname, lastname, email, phone, password_hash, status,
        two_factor_enabled, created_at, updated_at, last_login_at)
      select coalesce(r.ids[1 + g % greatest(cardinality(r.ids), 1)], 1),
        case when g % 4 = 0 then null else c.ids[1 + g % cardinality(c.ids)] end,
        (${literal(FIRST)})[1 + g % ${FIRST.length}], (${literal(LAST)})[1 + (g / 7) % ${LAST.length}],
        'user' || (base.n + g) || '.' || substr(md5(random()::text), 1, 6) || '@scale.example',
        case when g % 3 = 0 then null else '+32 4' || lpad((g % 100000000)::text, 8, '0') end,
        'not-a-hash', case when g % 10 = 0 then 'inactive' else 'active' end, g % 5 = 0, t.at, t.at,
        -- A last sign-in after the account was made, never in the future.
        case when g % 3 = 1 then null else least(now(), t.at + (g % 1000) * interval '1 hour') end
      from r, c, base, generate_series(${from}::int, ${to}::int) as g,
        -- In insertion order, as the app writes created_at (the time of the insert), within an hour:
        -- a list's newest-first pages then read the few heap pages a real table would, not one per row.
        lateral (select now() - (${total}::int - g) * ((interval '730 days' - interval '1 hour') / ${total}::int)
          - random() * interval '1 hour' as at) as t`);
    options.onProgress?.(to, total);
  }
}

/** After bulk inserts: statistics for the planner, and the visibility map, so list pages read their ids by index-only scans at once. */
export async function vacuumListTables(db: Db) {
  await db.execute(sql`vacuum (analyze) users, user_requests`);
}

/** Benches that reseed at another scale: the bulk users gone (by their e-mail domain), or every user request. */
export async function clearBulkRows(db: Db, which: { users?: boolean; userRequests?: boolean }) {
  if (which.users) await db.execute(sql`delete from users where email like '%@scale.example'`);
  if (which.userRequests) await db.execute(sql`truncate user_requests`);
}
