import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/config';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import {
  DEFAULT_DOCUMENTS_PER_PAGE,
  documentsPerPage,
  forgetDocumentsPerPage,
  knownDocumentsPerPage,
  pageAtCompanySize,
  setDocumentsPerPage,
} from './documentsPerPage';

describe('« Documents par page »', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    forgetDocumentsPerPage();
    localStorage.clear();
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

  describe('a first page asked beside the company’s page size, not after it', () => {
    /** The document settings answer only when the test lets them. */
    function settingsHeldBack(documentsPerPage: number) {
      let answer = () => {};
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const { calls } = mockFetch({
        'GET /v2/companies/1/document-settings': async () => {
          await held;
          return { body: { data: { documentsPerPage } } };
        },
      });
      return { calls, answer };
    }

    it('asks the page at the default size while the settings are on their way, and once only when it was right', async () => {
      const { answer } = settingsHeldBack(DEFAULT_DOCUMENTS_PER_PAGE);
      const asked: number[] = [];
      const loading = pageAtCompanySize(1, async (size) => {
        asked.push(size);
        return `page of ${size}`;
      });
      await vi.waitFor(() => expect(asked).toEqual([DEFAULT_DOCUMENTS_PER_PAGE]));
      answer();
      expect(await loading).toEqual({ pageSize: 20, page: 'page of 20' });
      expect(asked).toEqual([20]);
    });

    it('asks again at the company’s size when the guess was wrong, and guesses that size next time', async () => {
      const { answer } = settingsHeldBack(35);
      const asked: number[] = [];
      const ask = async (size: number) => {
        asked.push(size);
        return `page of ${size}`;
      };
      const loading = pageAtCompanySize(1, ask);
      answer();
      expect(await loading).toEqual({ pageSize: 35, page: 'page of 35' });
      expect(asked).toEqual([20, 35]);
      // A new visit (nothing in memory): this browser's last value is the guess, right at once.
      forgetDocumentsPerPage();
      asked.length = 0;
      expect(await pageAtCompanySize(1, ask)).toEqual({ pageSize: 35, page: 'page of 35' });
      expect(asked).toEqual([35]);
    });

    it('does not guess a stored size outside the setting’s range', async () => {
      localStorage.setItem('bo-elements:documents-per-page:1', '100000');
      settingsHeldBack(20).answer();
      const asked: number[] = [];
      await pageAtCompanySize(1, async (size) => {
        asked.push(size);
        return size;
      });
      expect(asked).toEqual([DEFAULT_DOCUMENTS_PER_PAGE]);
    });

    it('asks once, at the known size, when the company’s size is known', async () => {
      const { calls } = mockFetch({});
      setDocumentsPerPage(1, 50);
      const asked: number[] = [];
      expect(
        await pageAtCompanySize(1, async (size) => {
          asked.push(size);
          return size;
        }),
      ).toEqual({ pageSize: 50, page: 50 });
      expect(asked).toEqual([50]);
      expect(calls).toHaveLength(0);
    });

    it('fails as the page failed when the guess was right; a failed wrong guess is asked again', async () => {
      settingsHeldBack(20).answer();
      await expect(
        pageAtCompanySize(1, () => Promise.reject(new Error('liste indisponible'))),
      ).rejects.toThrow('liste indisponible');

      forgetDocumentsPerPage();
      localStorage.clear();
      settingsHeldBack(35).answer();
      const answer = await pageAtCompanySize(1, (size) =>
        size === 20 ? Promise.reject(new Error('liste indisponible')) : Promise.resolve(`page of ${size}`),
      );
      expect(answer).toEqual({ pageSize: 35, page: 'page of 35' });
    });
  });
});
