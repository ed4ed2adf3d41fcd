import '../data-table/test-setup';
import { type BulkUploadFile, COOKIE_NAMES, HEADER_NAMES, PERMISSION_KEYS } from '@console/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllCookies } from '../../lib/auth/cookies';
import { renderWithRouter } from '../data-table/test-utils';
import { BulkUploadPanel } from './bulk-upload-panel';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));
// Toasts recorded: a refused upload must not toast what the form's alert already says.
const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../ui/toast', () => ({
  toast: { success: () => undefined, error: (message: string) => toasts.errors.push(message), info: () => undefined },
}));
// The confirm answers what the test says: first 'Cancel', then 'Yes, delete it!'.
const confirm = vi.hoisted(() => ({ answers: [] as boolean[], asked: 0 }));
vi.mock('../ui/alert-dialog', () => ({
  confirmDelete: async () => {
    confirm.asked += 1;
    return confirm.answers.shift() ?? false;
  },
}));

const row = (over: Partial<BulkUploadFile>): BulkUploadFile => ({
  id: 1,
  kind: 'demo-media',
  clientId: 3,
  fileName: 'a.png',
  size: 2048,
  status: 'completed',
  total: 1,
  done: 1,
  failed: 0,
  errors: [],
  uploadedBy: { id: 1, email: 'me@example.com' },
  createdAt: '2026-01-01T10:00:00.000Z',
  startedAt: '2026-01-01T10:00:01.000Z',
  finishedAt: '2026-01-01T10:00:02.000Z',
  ...over,
});

const previews: Record<string, string | null>[] = [];
/** The preview of 'Title,Kind,Target' rows: unmapped, nothing fits; with the mapping, one row added and one failing. */
function previewAnswer(mapping: Record<string, string | null>) {
  const mapped = mapping.name === 'Title';
  return {
    columns: ['Title', 'Kind', 'Target'],
    fields: [
      { key: 'name', label: 'Name', required: true },
      { key: 'actionType', label: 'Action type', required: true },
      { key: 'value', label: 'Value', required: true },
    ],
    mapping: { name: mapping.name ?? null, actionType: mapping.actionType ?? null, value: mapping.value ?? null },
    rows: mapped ? [{ row: 2, data: { name: 'Open shop', actionType: 'open-url', value: 'https://example.com' } }] : [],
    failures: mapped ? [{ row: 3, message: 'Choose an action type' }] : [],
    counts: mapped ? { rows: 2, wouldAdd: 1, wouldFail: 1 } : { rows: 0, wouldAdd: 0, wouldFail: 0 },
    sheetError: mapped ? null : 'Missing columns: name, actionType, value',
  };
}

let completed: BulkUploadFile[] = [];
let open: BulkUploadFile[] = [];
const calls: { method: string; url: string }[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (data: unknown[]) => json({ data, total: data.length, totalPages: 1 });

/** XHR stand-in: records the request, reports progress in two steps, answers 202 with pending rows. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: unknown } = { status: 202, body: {} };
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseType = '';
  response: ArrayBuffer | null = null;
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  finish() {
    this.status = FakeXhr.answer.status;
    this.response = new TextEncoder().encode(JSON.stringify(FakeXhr.answer.body)).buffer as ArrayBuffer;
    this.onload?.();
  }
}

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'me@example.com' } }))}; path=/`;
  document.cookie = `${COOKIE_NAMES.csrf}=csrf-1; path=/`;
  completed = [];
  open = [];
  calls.length = 0;
  previews.length = 0;
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.includes('/completed/files')) return list(completed);
      if (url.includes('/pending-failed/files')) return list(open);
      if (url.endsWith('/retry')) return json({ success: true, message: 'The failed items are queued again', data: open[0] }, 202);
      if (method === 'DELETE') return json({ success: true, message: 'Upload removed', data: open[0] });
      if (url.endsWith('/bulk-upload/mapping') && method === 'GET') return json({ success: true, data: { mapping: null } });
      if (url.endsWith('/bulk-upload/mapping')) return json({ success: true, message: 'Column mapping saved' });
      if (url.endsWith('/bulk-upload/preview')) {
        const form = init?.body instanceof FormData ? init.body : new FormData();
        const sent = JSON.parse(String(form.get('mapping') ?? '{}')) as Record<string, string | null>;
        previews.push(sent);
        return json({ success: true, data: previewAnswer(sent) });
      }
      return json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;

describe('BulkUploadPanel', () => {
  it('shows nothing without the kind keys, the lists with view, and the drop zone and templates only with bulk-upload', async () => {
    const { unmount } = renderWithRouter(<BulkUploadPanel kind="demo-media" clientId={3} />);
    expect(screen.queryByRole('heading', { name: 'Bulk upload' })).toBeNull();
    unmount();

    granted.add(PERMISSION_KEYS.demoMedia.view);
    completed = [row({})];
    const view = renderWithRouter(<BulkUploadPanel kind="demo-media" clientId={3} />);
    expect(await screen.findByRole('heading', { name: 'Completed' })).toBeInTheDocument();
    expect(await screen.findByText('a.png')).toBeInTheDocument();
    expect(screen.queryByText('Drag and drop your files here or click to browse')).toBeNull();
    expect(screen.queryByRole('button', { name: 'CSV template' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove a.png/ })).toBeNull();
    // The lists ask for this client's uploads only.
    expect(calls.some((c) => c.url.includes('/api/demo-media/completed/files') && c.url.includes('clientId=3'))).toBe(true);
    view.unmount();

    granted.add(PERMISSION_KEYS.demoMedia.bulkUpload);
    const { container } = renderWithRouter(<BulkUploadPanel kind="demo-media" clientId={3} />);
    expect(await screen.findByText('Drag and drop your files here or click to browse')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV template' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel template' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add manifest (optional)' })).toBeInTheDocument();

    // A file picked again under a stored upload's name: each Remove names what it removes.
    await userEvent.upload(fileInput(container), new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: 'Remove a.png' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove (upload )?a\.png$/ }).map((b) => b.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Remove a.png', 'Remove upload a.png']),
    );
  });

  it('explains a refused file, uploads the good ones in one request with a progress bar per file, then polls until done', async () => {
    granted.add(PERMISSION_KEYS.demoMedia.view).add(PERMISSION_KEYS.demoMedia.bulkUpload);
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithRouter(<BulkUploadPanel kind="demo-media" clientId={3} />);
    await screen.findByText('No pending or failed uploads');

    const good = [
      new File([new Uint8Array(100)], 'one.png', { type: 'image/png' }),
      new File([new Uint8Array(300)], 'two.mp4', { type: 'video/mp4' }),
    ];
    const bad = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(fileInput(container), [...good, bad]);
    expect(await screen.findByText('notes.txt is not an image, video, audio file or ZIP archive.')).toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload 2 files' });
    await user.click(upload);

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/demo-media/bulk-upload');
    expect(xhr.headers.Authorization).toBe('Bearer t');
    expect(xhr.headers[HEADER_NAMES.csrf]).toBe('csrf-1');
    const sent = xhr.body as FormData;
    expect(sent.get('clientId')).toBe('3');
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['one.png', 'two.mp4']);
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    // The pressed button is disabled while it sends: the focus goes to Cancel, not to <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());

    act(() => xhr.progress(200, 400)); // half of 400 bytes: the first file done, the second a third of the way
    expect(screen.getByRole('progressbar', { name: 'Uploading one.png' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Uploading two.mp4' })).toHaveAttribute('aria-valuenow', '33');

    const pending = [
      row({ id: 11, fileName: 'one.png', status: 'pending', total: 0, done: 0 }),
      row({ id: 12, fileName: 'two.mp4', status: 'pending', total: 0, done: 0 }),
    ];
    FakeXhr.answer = { status: 202, body: { success: true, message: '2 files received; processing has started', data: pending } };
    open = pending;
    act(() => xhr.finish());
    expect(await screen.findByText('Processing… the lists refresh on their own.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Upload files' })).toBeDisabled();
    expect(await screen.findByText('two.mp4')).toBeInTheDocument();
    // Sent: ready for the next files.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus());

    // The job finishes: the next poll moves the rows and the polling stops.
    const pendingReads = () => calls.filter((c) => c.url.includes('/pending-failed/files')).length;
    open = [
      row({
        id: 12,
        fileName: 'two.mp4',
        status: 'failed',
        total: 1,
        done: 0,
        failed: 1,
        errors: [{ item: 'two.mp4', message: 'Not a media file' }],
      }),
    ];
    completed = [row({ id: 11, fileName: 'one.png' })];
    await waitFor(() => expect(screen.queryByText('Processing… the lists refresh on their own.')).toBeNull(), { timeout: 6000 });
    const after = pendingReads();
    await new Promise((r) => setTimeout(r, 2500));
    expect(pendingReads()).toBe(after);
    expect(screen.getByText('one.png')).toBeInTheDocument();
  }, 20_000);

  it('shows a failed upload its errors, retries it, and removes it after the confirm', async () => {
    granted.add(PERMISSION_KEYS.manageActions.view).add(PERMISSION_KEYS.manageActions.bulkUpload);
    open = [
      row({
        id: 7,
        kind: 'manage-actions',
        fileName: 'actions.csv',
        status: 'partially-failed',
        total: 3,
        done: 1,
        failed: 2,
        errors: [
          { item: '2', message: 'Unknown action type' },
          { item: '3', message: 'Invalid URL' },
        ],
      }),
    ];
    const user = userEvent.setup();
    renderWithRouter(<BulkUploadPanel kind="manage-actions" clientId={3} />);
    const table = await screen.findByRole('table', { name: 'Pending and failed uploads' });
    const r = (await within(table).findByText('actions.csv')).closest('tr') as HTMLElement;
    expect(within(r).getByText('Partially failed')).toBeInTheDocument();
    // Sheets take no manifest.
    expect(screen.queryByRole('button', { name: 'Add manifest (optional)' })).toBeNull();

    const toggle = within(r).getByRole('button', { name: 'Show 2 errors' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(r).getByText(/Unknown action type/)).toBeInTheDocument();

    await user.click(within(r).getByRole('button', { name: 'Retry upload actions.csv' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/manage-actions/bulk-upload/7/retry' }));

    // Cancelled: nothing is deleted. Confirmed: the row goes.
    confirm.answers = [false, true];
    await user.click(within(r).getByRole('button', { name: 'Remove upload actions.csv' }));
    await waitFor(() => expect(confirm.asked).toBe(1));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(r).getByRole('button', { name: 'Remove upload actions.csv' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/manage-actions/bulk-upload/7' }));
  });

  it("says the spec's 'Error adding user' when the upload request fails without a message", async () => {
    granted.add(PERMISSION_KEYS.manageActions.bulkUpload);
    const user = userEvent.setup();
    const { container } = renderWithRouter(<BulkUploadPanel kind="manage-actions" clientId={3} />);
    await user.upload(fileInput(container), new File(['name\n'], 'actions.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.answer = { status: 500, body: {} };
    act(() => (FakeXhr.last as FakeXhr).finish());
    expect(await screen.findByText('Error adding user')).toBeInTheDocument();
    // The file is kept: the focus is back on Upload, to try again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload 1 file' })).toHaveFocus());
    expect(toasts.errors).toEqual([]); // once, in the form: not a toast as well
  });

  it('previews a sheet: maps its columns, shows the rows and the failures, saves the mapping, and imports with it', async () => {
    granted.add(PERMISSION_KEYS.manageActions.bulkUpload);
    const user = userEvent.setup();
    const { container } = renderWithRouter(<BulkUploadPanel kind="manage-actions" clientId={3} />);
    await user.upload(fileInput(container), new File(['Title,Kind,Target\n'], 'odd.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview odd.csv' }));
    const drawer = await screen.findByRole('dialog', { name: 'Preview of odd.csv' });
    expect(await within(drawer).findByText('Missing columns: name, actionType, value')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Import' })).toBeDisabled();

    // Each choice reads the file again; the selects wait (disabled) until that answer is in, as a user would.
    const choose = async (name: string, header: string) => {
      const select = within(drawer).getByRole('combobox', { name });
      await waitFor(() => expect(select).toBeEnabled());
      await user.selectOptions(select, header);
    };
    await choose('Name (required)', 'Title');
    await choose('Action type (required)', 'Kind');
    await choose('Value (required)', 'Target');
    expect(await within(drawer).findByText('2 rows: 1 would be added, 1 would fail')).toBeInTheDocument();
    expect(previews.at(-1)).toEqual({ name: 'Title', actionType: 'Kind', value: 'Target' });
    const rows = within(drawer).getByRole('table', { name: 'Rows as they would be stored' });
    expect(within(rows).getByText('open-url')).toBeInTheDocument();
    expect(
      within(within(drawer).getByRole('list', { name: 'Rows that would fail' })).getByText('Choose an action type'),
    ).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', url: '/api/manage-actions/bulk-upload/mapping' }));

    await user.click(within(drawer).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const sent = (FakeXhr.last as FakeXhr).body as FormData;
    expect(JSON.parse(String(sent.get('mapping')))).toEqual({ name: 'Title', actionType: 'Kind', value: 'Target' });
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['odd.csv']);
  });

  it('cancelling a preview sends nothing', async () => {
    granted.add(PERMISSION_KEYS.manageActions.bulkUpload);
    const user = userEvent.setup();
    const { container } = renderWithRouter(<BulkUploadPanel kind="manage-actions" clientId={3} />);
    await user.upload(fileInput(container), new File(['Title\n'], 'a.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview a.csv' }));
    const drawer = await screen.findByRole('dialog', { name: 'Preview of a.csv' });
    await within(drawer).findByText('Missing columns: name, actionType, value');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(FakeXhr.last).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.url)).toEqual(['/api/manage-actions/bulk-upload/preview']);
  });

  it('a file or manifest removed from the keyboard hands the focus on, not to <body>', async () => {
    granted.add(PERMISSION_KEYS.demoMedia.bulkUpload);
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithRouter(<BulkUploadPanel kind="demo-media" clientId={3} />);
    const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
    await user.upload(fileInput(container), [png('a.png'), png('b.png'), png('c.png')]);
    await user.upload(
      container.querySelector('input[type=file][accept*=".csv"]') as HTMLInputElement,
      new File(['fileName,title\n'], 'manifest.csv', { type: 'text/csv' }),
    );

    const remove = (name: string) => screen.getByRole('button', { name: `Remove ${name}` });
    remove('b.png').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(remove('c.png')).toHaveFocus()); // the one that took its place
    await user.keyboard('{Enter}');
    await waitFor(() => expect(remove('a.png')).toHaveFocus()); // the last one went: the one before
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus()); // none left

    remove('manifest manifest.csv').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add manifest (optional)' })).toHaveFocus());
  });

  it('waits for a client before it takes files', async () => {
    granted.add(PERMISSION_KEYS.campaignMedia.bulkUpload);
    renderWithRouter(<BulkUploadPanel kind="campaign-media" clientId={null} />);
    expect(await screen.findByText('Choose a client first: uploads belong to one client.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeDisabled();
  });
});
