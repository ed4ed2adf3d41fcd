import './test-setup';
import { describe, expect, it, vi } from 'vitest';
import { fetchDownload, fileNameFromContentDisposition } from './download';

describe('fetchDownload', () => {
  it('streams the body, reports progress and saves under the server-given name', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(40));
        controller.enqueue(new Uint8Array(60));
        controller.close();
      },
    });
    const response = new Response(body, {
      headers: {
        'content-length': '100',
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="users.csv"',
      },
    });
    const fetchImpl = vi.fn(async () => response);
    const onProgress = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await fetchDownload('/api/users/export/csv?search=a', { fetch: fetchImpl, onProgress });
    expect(fetchImpl).toHaveBeenCalledWith('/api/users/export/csv?search=a', expect.objectContaining({ credentials: 'include' }));
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 100, total: 100 });
    expect(onProgress.mock.calls.map((c) => c[0].loaded)).toEqual([0, 40, 100]);
    expect(clicked).toEqual(['users.csv']);
    click.mockRestore();
  });

  it('fails on an error status', async () => {
    const fetchImpl = async () => new Response('nope', { status: 403 });
    await expect(fetchDownload('/x', { fetch: fetchImpl })).rejects.toThrow('403');
  });
});

describe('fileNameFromContentDisposition', () => {
  it('prefers the RFC 5987 form', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe('résumé.csv');
    expect(fileNameFromContentDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });
});
