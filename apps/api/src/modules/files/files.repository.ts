import type { PermissionKey } from '@console/contract';
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, companies, media, users } from '../../db/schema/index.js';

/**
 * The row a stored file belongs to, found from its key (every lookup is on an indexed column):
 * what the caller must hold to see that row, and for a profile image whose it is (self may see it).
 */
export type FileOwner = { viewKey: PermissionKey; userId?: number };

type Lookup = (db: Db, key: string) => Promise<FileOwner | null>;

const first = <T>(rows: T[]) => rows[0] ?? null;

/** By the key's top folder; a folder with no lookup serves nothing (bulk-upload parts have their own routes). */
const LOOKUPS: Record<string, Lookup> = {
  async media(db, key) {
    // The file itself or its thumbnail (the list links thumbnails by their own key).
    const row = first(
      await db
        .select({ kind: media.kind })
        .from(media)
        .where(or(eq(media.file, key), eq(media.thumbnail, key)))
        .limit(1),
    );
    if (!row) return null;
    return { viewKey: row.kind === 'demo' ? 'demo-media.view' : 'campaign-media.view' };
  },
  async profile(db, key) {
    // Spec s.3: a profile path may be stored without its folder, with backslashes.
    const bare = key.slice('profile/'.length);
    const row = first(
      await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.profile, [key, bare, bare.replace(/\//g, '\\')]))
        .limit(1),
    );
    return row ? { viewKey: 'users.view', userId: row.id } : null;
  },
  async clients(db, key) {
    const row = first(await db.select({ id: clients.id }).from(clients).where(eq(clients.logo, key)).limit(1));
    return row ? { viewKey: 'clients.view' } : null;
  },
  async companies(db, key) {
    const row = first(await db.select({ id: companies.id }).from(companies).where(eq(companies.logo, key)).limit(1));
    return row ? { viewKey: 'companies.view' } : null;
  },
};

/** The owner of a stored file, or null when no row the /files route serves points at the key. */
export function findFileOwner(db: Db, key: string): Promise<FileOwner | null> {
  const lookup = LOOKUPS[key.slice(0, key.indexOf('/'))];
  return lookup ? lookup(db, key) : Promise.resolve(null);
}
