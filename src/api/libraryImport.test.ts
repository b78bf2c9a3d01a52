import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../config/config';
import { demoClaims, makeToken, setTokenCookie } from '../test/tokens';
import { ApiError, UnexpectedAnswerError } from './errors';
import { previewLibraryImport, runLibraryImport } from './libraryImport';

/** A stand-in XMLHttpRequest: records what is sent, and lets the test play the upload and answer. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] =
    [];
  upload = {
    addEventListener: (_type: string, listener: (typeof this.uploadListeners)[number]) => {
      this.uploadListeners.push(listener);
    },
  };
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {}
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.load ?? []) listener();
  }
}

const result = { created: 2, updated: 1, unchanged: 0, rejected: 0, errors: [] };
const mapping = { code: 0, designation: 1, unit: null, price: 2, family: null };

beforeEach(() => {
  setConfig({ platformOrigin: 'https://platform.test', clientOrigin: 'https://client.test' });
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  setTokenCookie(makeToken(demoClaims));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('library import calls', () => {
  it('sends the file and the mapping as a form with the bearer token, and reports the upload', async () => {
    const file = new File(['Code;Désignation;Prix\n'], 'tarif.csv');
    const sent: number[] = [];
    const answer = runLibraryImport(1, file, mapping, { onProgress: (share) => sent.push(share) });
    const request = FakeRequest.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://platform.test/v2/companies/1/library/imports');
    expect(request.withCredentials).toBe(true);
    expect(request.headers.Authorization).toMatch(/^Bearer /);
    const form = request.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(JSON.parse(String(form.get('mapping')))).toEqual(mapping);
    request.progress(50, 200);
    request.progress(200, 200);
    request.answer(200, { data: result });
    await expect(answer).resolves.toEqual(result);
    expect(sent).toEqual([0.25, 1]);
  });

  it("a refusal is an ApiError with the server's key; the preview sends no mapping when none is chosen", async () => {
    const answer = previewLibraryImport(1, new File(['x'], 'x.pdf'), null);
    const request = FakeRequest.last;
    expect(request.url).toBe('https://platform.test/v2/companies/1/library/imports/preview');
    expect((request.body as FormData).has('mapping')).toBe(false);
    request.answer(422, { error: { key: 'import_file_unreadable' } });
    await expect(answer).rejects.toEqual(new ApiError(422, 'import_file_unreadable'));
  });

  it("an answer outside the contract's schema is refused at the boundary, naming what did not fit", async () => {
    const answer = runLibraryImport(1, new File(['x'], 'tarif.csv'), mapping);
    FakeRequest.last.answer(200, { data: { ...result, created: '2' } });
    await expect(answer).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(answer).rejects.toThrow(/data\.created/);
  });
});
