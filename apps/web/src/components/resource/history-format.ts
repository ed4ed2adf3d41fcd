import type { ChangeHistoryEntry, HistoryFieldChange } from '@console/contract';
import { formatTimestamp } from '../../lib/formatters';

/** What stands for a value that is not there (null, undefined, '', an empty list or object). */
export const EMPTY_VALUE = '—';

/** Words written in capitals when they stand alone in a field name. */
const ACRONYMS: Record<string, string> = { id: 'ID', ids: 'IDs', url: 'URL', api: 'API', ip: 'IP', os: 'OS', iv: 'IV', aes: 'AES' };

/** Field names the API spells as one word. */
const FIELD_NAMES: Record<string, string> = { firstname: 'First name', lastname: 'Last name' };

/** A field name as people say it: 'companyId' -> 'Company ID', 'offline_mode' -> 'Offline mode', 'apiKey' -> 'API key'. */
export function humaniseField(field: string): string {
  const known = FIELD_NAMES[field];
  if (known) return known;
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  if (words.length === 0) return field;
  const [first, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

// A full ISO date-time as the API writes timestamps ('2026-05-01T10:00:00.000Z').
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/** A value inside an object or a list: strings quoted only where a comma or colon in them would mislead. */
function inner(value: unknown): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  if (typeof value === 'string') return /[,:{}[\]]/.test(value) ? JSON.stringify(value) : formatValue(value);
  return formatValue(value);
}

/**
 * One side of a field change as text: an em dash for nothing, Yes/No for booleans, timestamps
 * in the console's format, lists as 'a, b, c' and objects as '{key: value, …}' on one line.
 */
export function formatValue(value: unknown): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? formatTimestamp(value) : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(inner).join(', ');
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${inner(v)}`);
    return `{${parts.join(', ')}}`;
  }
  return String(value);
}

/** The change a revert put back, as people refer to it. */
export const changeLabel = (id: number) => `change #${id}`;

const FIXED_ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  'regenerate-api-key': 'Regenerated the API key',
  // Second factors (modules/second-factors): on the user, not revertible (nothing of the user's input).
  'second-factor.totp-enabled': 'Turned on an authenticator app',
  'second-factor.totp-removed': 'Removed the authenticator app',
  'second-factor.recovery-codes-renewed': 'Made new recovery codes',
  'second-factor.passkey-added': 'Added a passkey',
  'second-factor.passkey-removed': 'Removed a passkey',
  'second-factor.passkey-sign-in': 'Changed passkey sign-in',
  'second-factor.reset': 'Reset the second factors',
};

/**
 * What a change did, in words: Created, Edited, Deleted, 'Reverted change #12', and a row
 * toggle by what it changed ('update-offline-mode' -> 'Changed offline mode').
 */
export function describeAction(entry: Pick<ChangeHistoryEntry, 'action' | 'revertOf'>): string {
  const { action } = entry;
  if (action === 'revert') return entry.revertOf ? `Reverted ${changeLabel(entry.revertOf)}` : 'Reverted a change';
  const fixed = FIXED_ACTIONS[action];
  if (fixed) return fixed;
  if (action.startsWith('update-')) return `Changed ${humaniseField(action.slice('update-'.length)).toLowerCase()}`;
  return humaniseField(action);
}

/** The kinds of change the API can put back (a create is removed, a delete restored, an edit or a toggle written back). */
export function isRevertible(entry: Pick<ChangeHistoryEntry, 'action'>): boolean {
  return ['create', 'update', 'delete', 'revert'].includes(entry.action) || entry.action.startsWith('update-');
}

/** Who made a change: the account's name, or 'Unknown user' when it was deleted or nobody was signed in. */
export const actorLabel = (entry: Pick<ChangeHistoryEntry, 'actorName'>) => entry.actorName || 'Unknown user';

/** 'Name: Ada → Grace'. */
export const describeFieldChange = (change: HistoryFieldChange) =>
  `${humaniseField(change.field)}: ${formatValue(change.before)} → ${formatValue(change.after)}`;

/**
 * The fields a change really changed: a field that reads the same on both sides (an empty field
 * of a new row, a count the change did not move) is left out of the views.
 */
export function visibleChanges(entry: Pick<ChangeHistoryEntry, 'changes'>): HistoryFieldChange[] {
  return entry.changes.filter((c) => formatValue(c.before) !== formatValue(c.after));
}

/** Longest side of a change in the one-line summary before it is cut. */
const SUMMARY_VALUE_MAX = 40;
const clip = (text: string) => (text.length > SUMMARY_VALUE_MAX ? `${text.slice(0, SUMMARY_VALUE_MAX - 1)}…` : text);

/**
 * A list cell's summary of a change: its first `max` fields as 'Name: A → B', then '+N more'.
 * A create or delete lists the fields it set or removed, without the empty side.
 */
export function summariseChanges(entry: Pick<ChangeHistoryEntry, 'action' | 'changes'>, max = 2): string {
  const changes = visibleChanges(entry);
  if (changes.length === 0) return EMPTY_VALUE;
  const one = (c: HistoryFieldChange) => {
    const name = humaniseField(c.field);
    if (entry.action === 'create') return `${name}: ${clip(formatValue(c.after))}`;
    if (entry.action === 'delete') return `${name}: ${clip(formatValue(c.before))}`;
    return `${name}: ${clip(formatValue(c.before))} → ${clip(formatValue(c.after))}`;
  };
  const shown = changes.slice(0, max).map(one).join('; ');
  const more = changes.length - max;
  return more > 0 ? `${shown}; +${more} more` : shown;
}

/** The 409 of a revert as lines: each field that moved on, 'Name: Changed since; now Grace'. */
export function conflictLines(fieldErrors: Record<string, string> | undefined): string[] {
  return Object.entries(fieldErrors ?? {}).map(([field, message]) => `${humaniseField(field)}: ${message}`);
}
