import '../data-table/test-setup';
import { type ChangeHistoryEntry, clientsResource, COOKIE_NAMES, HISTORY_MESSAGES, PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllCookies } from '../../lib/auth/cookies';
import { renderWithRouter } from '../data-table/test-utils';
import { HistoryDrawer } from './history-drawer';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));
// The confirmation answers at once (confirmed unless a test says otherwise); what it said is kept.
const confirm = vi.hoisted(() => ({ texts: [] as string[], answer: true }));
vi.mock('../ui/alert-dialog', () => ({
  showAlert: async (options: { text?: string }) => {
    confirm.texts.push(String(options.text));
    return { isConfirmed: confirm.answer, isDenied: !confirm.answer, isDismissed: false };
  },
}));
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('../ui/toast', () => ({
  toast: { success: (m: string) => toasts.success.push(m), error: (m: string) => toasts.error.push(m) },
}));

const entry = (over: Partial<ChangeHistoryEntry>): ChangeHistoryEntry => ({
  id: 1,
  action: 'update',
  entity: 'client',
  resource: 'clients',
  entityId: '7',
  actorId: 1,
  actorName: 'Ada Admin (ada@example.com)',
  createdAt: '2026-05-01T10:00:00.000Z',
  changes: [],
  revertOf: null,
  ...over,
});
const HISTORY = [
  entry({ id: 13, action: 'revert', revertOf: 11, actorName: null, changes: [{ field: 'phone', before: '555', after: null }] }),
  entry({ id: 12, changes: [{ field: 'name', before: 'Nova B', after: 'Nova C' }] }),
  entry({ id: 11, changes: [{ field: 'name', before: 'Nova A', after: 'Nova B' }] }),
  entry({ id: 10, action: 'create', changes: [{ field: 'name', before: null, after: 'Nova A' }] }),
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let calls: { method: string; path: string }[] = [];
let revertAnswer: () => Response;

beforeEach(() => {
  clearAllCookies();
  document.cookie = `${COOKIE_NAMES.userDetails}=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'ada@example.com' } }))}; path=/`;
  document.cookie = `${COOKIE_NAMES.csrf}=csrf-token; path=/`;
  granted.add(PERMISSION_KEYS.clients.view);
  calls = [];
  confirm.texts = [];
  confirm.answer = true;
  toasts.success = [];
  toasts.error = [];
  revertAnswer = () => json({ success: true, message: HISTORY_MESSAGES.reverted, data: { historyId: 14, id: 7 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://x');
      calls.push({ method: init?.method ?? 'GET', path: pathname });
      if (pathname === '/api/client/7/history') return json({ data: HISTORY, hasMore: false });
      if (pathname.endsWith('/revert')) return revertAnswer();
      return json({}, 404);
    }),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

const open = () =>
  renderWithRouter(<HistoryDrawer resource={clientsResource} subject={{ id: 7, name: 'Nova' }} opened onClose={() => {}} />);
const entryCard = async (id: number) => {
  const article = (await screen.findAllByRole('article')).find((a) => a.getAttribute('data-history-id') === String(id));
  if (!article) throw new Error(`no entry #${id}`);
  return within(article);
};

describe('history drawer', () => {
  it('lists each change with what, who, when and its field-by-field diff, newest first', async () => {
    open();
    expect(await screen.findByRole('dialog', { name: 'History of Nova' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => a.getAttribute('data-history-id'))).toEqual(['13', '12', '11', '10']);
    expect(screen.getByRole('heading', { name: 'Reverted change #11' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Created' })).toBeInTheDocument();

    const revert = await entryCard(13);
    expect(revert.getByText('Unknown user')).toBeInTheDocument();
    expect(revert.getByRole('list', { name: 'Changed fields' })).toHaveTextContent('Phone555 → —');
    const edit = await entryCard(11);
    expect(edit.getByText('Ada Admin (ada@example.com)')).toBeInTheDocument();
    expect(edit.getByText('Nova A')).toHaveAttribute('data-side', 'before');
    expect(edit.getByText('Nova B')).toHaveAttribute('data-side', 'after');
    expect(screen.getByRole('link', { name: /About change history/ })).toHaveAttribute('href', '/docs/change-history');
    // Without clients.revert nothing offers to revert.
    expect(screen.queryByRole('button', { name: /^Revert/ })).toBeNull();
  });

  it('reverts after a confirmation: the API message as a toast, and the history read again', async () => {
    granted.add(PERMISSION_KEYS.clients.revert);
    open();
    const card = await entryCard(12);
    await userEvent.click(card.getByRole('button', { name: 'Revert change #12' }));
    await waitFor(() => expect(toasts.success).toEqual([HISTORY_MESSAGES.reverted]));
    expect(confirm.texts).toEqual(['This writes back the earlier values (Name: Nova B).']);
    expect(calls).toContainEqual({ method: 'POST', path: '/api/client/7/history/12/revert' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/client/7/history')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    granted.add(PERMISSION_KEYS.clients.revert);
    confirm.answer = false;
    open();
    const card = await entryCard(10);
    await userEvent.click(card.getByRole('button', { name: 'Revert change #10' }));
    await waitFor(() => expect(confirm.texts).toEqual(['This removes the client this change created.']));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a 409 shows the reason and each field that moved on inside the entry, not as a failure toast', async () => {
    granted.add(PERMISSION_KEYS.clients.revert);
    revertAnswer = () =>
      json(
        {
          success: false,
          code: 'CONFLICT',
          message: HISTORY_MESSAGES.movedOn,
          fieldErrors: { name: HISTORY_MESSAGES.changedSince('Nova C') },
        },
        409,
      );
    open();
    const card = await entryCard(11);
    await userEvent.click(card.getByRole('button', { name: 'Revert change #11' }));
    const alert = await card.findByRole('alert');
    expect(alert).toHaveTextContent('Change #11 was not reverted');
    expect(alert).toHaveTextContent(HISTORY_MESSAGES.movedOn);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Name: Changed since; now Nova C');
    expect(toasts.error).toEqual([]);
    expect(toasts.success).toEqual([]);
    // Dismissed, it goes; the entry stays.
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(card.queryByRole('alert')).toBeNull());
  });

  it('another failure is a toast with the API message', async () => {
    granted.add(PERMISSION_KEYS.clients.revert);
    revertAnswer = () => json({ success: false, code: 'FORBIDDEN', message: 'You do not have permission' }, 403);
    open();
    const card = await entryCard(12);
    await userEvent.click(card.getByRole('button', { name: 'Revert change #12' }));
    await waitFor(() => expect(toasts.error).toEqual(['You do not have permission']));
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('says so when the history cannot be read, and tries again on request', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail ? json({ success: false, code: 'NOT_FOUND', message: 'Client not found' }, 404) : json({ data: [], hasMore: false }),
      ),
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The history could not be loaded');
    expect(alert).toHaveTextContent('Client not found');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No changes of this client are recorded yet/)).toBeInTheDocument();
  });
});
