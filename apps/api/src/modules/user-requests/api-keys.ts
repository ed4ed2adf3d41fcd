import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { safeEqual, sha256 } from '../../lib/tokens.js';
import type { ApiKeyService } from '../../types.js';

/** Keys are 256-bit random strings (users' regenerate-api-key), so longer input is never a key. */
const MAX_KEY_LENGTH = 200;

/**
 * API keys are stored only as their SHA-256 (enough for a high-entropy random key: no salt or
 * slow hash is needed, and the hash can be looked up by its unique index). The stored hash is
 * compared in constant time once found, so the answer time says nothing about near misses.
 */
export function createApiKeyService(db: Db): ApiKeyService {
  return {
    async authenticate(rawKey) {
      if (rawKey.length === 0 || rawKey.length > MAX_KEY_LENGTH) return null;
      const hash = sha256(rawKey);
      const [row] = await db
        .select({ id: users.id, roleId: users.roleId, status: users.status, hash: users.apiKeyHash })
        .from(users)
        .where(eq(users.apiKeyHash, hash))
        .limit(1);
      if (!row?.hash || !safeEqual(row.hash, hash) || row.status !== 'active') return null;
      return { userId: row.id, roleId: row.roleId };
    },
  };
}
