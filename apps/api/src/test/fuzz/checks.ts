import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What every answer must satisfy, whatever was sent:
 * - no status >= 500;
 * - every 4xx is JSON `{success:false, message, code, fieldErrors?}` (sign-in routes may add
 *   their responseType/loginType);
 * - no body carries a stack trace, a PostgreSQL/driver error text or a file path of the server.
 */

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TEMP_DIR = os.tmpdir();

const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:|node:|\/)|\n\s+at \S+ \(|\.(?:ts|js|mjs|cjs):\d+:\d+/],
  [
    'an SQL error',
    /syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|relation "[^"]*" does not exist|invalid input syntax for|out of range for type|value too long for type|duplicate key value|invalid byte sequence|unsupported Unicode escape|Failed query:|DrizzleQueryError|PGlite|column "[^"]*" (?:does not exist|of relation)/i,
  ],
  ['a server path', new RegExp(`${escapeRegExp(REPO_ROOT)}|${escapeRegExp(TEMP_DIR)}/|node_modules`)],
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const ERROR_KEYS = new Set(['success', 'message', 'code', 'fieldErrors', 'responseType', 'loginType']);

/** The problems of one answer; empty when it is fine. */
export function problemsOf(answer: Answer): string[] {
  const problems: string[] = [];
  const { statusCode: status, body } = answer;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) problems.push(...errorShapeProblems(body));
  const contentType = String(answer.headers['content-type'] ?? '');
  // Binary downloads (XLSX, PDF, images) are not text: a leak cannot hide in their bytes by chance.
  if (/json|text|csv|html|xml/.test(contentType) || status >= 400) {
    for (const [what, pattern] of LEAKS) {
      const match = pattern.exec(body);
      if (match) problems.push(`body carries ${what}: ${JSON.stringify(body.slice(Math.max(0, match.index - 60), match.index + 80))}`);
    }
  }
  return problems;
}

function errorShapeProblems(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [`error body is not JSON: ${JSON.stringify(body.slice(0, 200))}`];
  }
  const b = parsed as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return [`error body is not an object: ${body.slice(0, 200)}`];
  if (b.success !== false) problems.push('error body lacks success:false');
  if (typeof b.message !== 'string' || b.message === '') problems.push('error body lacks a message');
  if (typeof b.code !== 'string' || b.code === '') problems.push('error body lacks a code');
  if (b.fieldErrors !== undefined) {
    const fe = b.fieldErrors as Record<string, unknown>;
    if (typeof fe !== 'object' || fe === null || Object.values(fe).some((v) => typeof v !== 'string'))
      problems.push('fieldErrors is not a map of texts');
  }
  const extra = Object.keys(b).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length) problems.push(`error body has extra keys ${extra.join(', ')}`);
  return problems.length ? [`${problems.join('; ')}: ${body.slice(0, 300)}`] : [];
}
