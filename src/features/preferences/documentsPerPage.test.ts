import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/config';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import {
  DEFAULT_DOCUMENTS_PER_PAGE,
  documentsPerPage,
  forgetDocumentsPerPage,
  knownDocumentsPerPage,
  setDocumentsPerPage,
} from './documentsPerPage';

describe('« Documents par page »', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    forgetDocumentsPerPage();
  });
  afterEach(() => {
    setTokenCookie(null);
    forgetDocumentsPerPage();
  });

  it('is read once per company from the document settings, even when two lists ask at once', async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/document-settings': () => ({ body: { data: { documentsPerPage: 35 } } }),
      'GET /v2/companies/2/document-settings': () => ({ body: { data: { documentsPerPage: 10 } } }),
    });
    expect(knownDocumentsPerPage(1)).toBeNull();
    expect(await Promise.all([documentsPerPage(1), documentsPerPage(1)])).toEqual([35, 35]);
    expect(await documentsPerPage(1)).toBe(35);
    expect(knownDocumentsPerPage(1)).toBe(35);
    expect(calls).toHaveLength(1);
    // Another company reads its own.
    expect(await documentsPerPage(2)).toBe(10);
    expect(knownDocumentsPerPage(1)).toBeNull();
  });

  it('a saved value is used at once; a failed read gives the server’s default and is asked again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockFetch({
      'GET /v2/companies/1/document-settings': () => ({
        status: 500,
        body: { error: { key: 'internal_error' } },
      }),
    });
    expect(await documentsPerPage(1)).toBe(DEFAULT_DOCUMENTS_PER_PAGE);
    expect(await documentsPerPage(1)).toBe(DEFAULT_DOCUMENTS_PER_PAGE);
    expect(calls).toHaveLength(2);
    setDocumentsPerPage(1, 75);
    expect(await documentsPerPage(1)).toBe(75);
    expect(calls).toHaveLength(2);
  });
});
