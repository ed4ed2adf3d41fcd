/** Values that must never reach the audit log (nor the change history that reads it), whatever an entity carries. */
export const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'newPassword',
  'apiKey',
  'apiKeyHash',
  'token',
  'tokenHash',
  'secret',
  'totpSecret',
  'recoveryCodes',
]);

export function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!SECRET_FIELDS.has(k)) out[k] = scrub(v);
  return out;
}
