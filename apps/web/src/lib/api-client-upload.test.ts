import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, type UploadProgress } from './api-client';

/** A stand-in XMLHttpRequest: records what was sent, reports upload progress, then answers. */
class FakeXhr {
  static last: FakeXhr | undefined;
  static answer = { status: 200, body: '{"success":true,"message":"Added"}', headers: 'content-type: application/json\r\n' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return FakeXhr.answer.headers;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      if (FakeXhr.answer.status === 0) return this.onerror?.();
      this.status = FakeXhr.answer.status;
      this.response = new TextEncoder().encode(FakeXhr.answer.body).buffer as ArrayBuffer;
      this.onload?.();
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.answer = { status: 200, body: '{"success":true,"message":"Added"}', headers: 'content-type: application/json\r\n' };
});

describe('api client: upload progress', () => {
  it('sends a FormData through XMLHttpRequest, reports progress and resolves with the parsed answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const seen: UploadProgress[] = [];
    const form = new FormData();
    form.set('title', 'Poster');
    const body = await api.post('/demo-media/add', form, { onUploadProgress: (p) => seen.push(p) });
    expect(body).toEqual({ success: true, message: 'Added' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(FakeXhr.last).toMatchObject({ method: 'POST', url: '/api/demo-media/add', withCredentials: true, body: form });
    expect(FakeXhr.last?.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(seen).toEqual([
      { loaded: 50, total: 100 },
      { loaded: 100, total: 100 },
    ]);
  });

  it('rejects with ApiError and the field errors of a refusal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 415,
      body: '{"success":false,"code":"UNSUPPORTED_MEDIA_TYPE","message":"Not media"}',
      headers: 'content-type: application/json\r\n',
    };
    const error = await api.post('/demo-media/add', new FormData(), { onUploadProgress: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not media' });
  });

  it('rejects like fetch on a network failure and on abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 0, body: '', headers: '' };
    await expect(api.post('/demo-media/add', new FormData(), { onUploadProgress: () => {} })).rejects.toBeInstanceOf(TypeError);
    const controller = new AbortController();
    controller.abort();
    await expect(
      api.post('/demo-media/add', new FormData(), { onUploadProgress: () => {}, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
