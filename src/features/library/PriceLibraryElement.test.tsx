import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { refreshLibrary } from './libraryStores';
import { PriceLibraryElement } from './PriceLibraryElement';

const base = '/v2/companies/1';

beforeEach(() => {
  setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
  setTokenCookie(makeToken(demoClaims));
  mockFetch({
    [`GET ${base}/library/items`]: () => ({ body: { data: [], info: { hits: 0 } } }),
    [`GET ${base}/library/families`]: () => ({ body: { data: [] } }),
  });
  $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
});

afterEach(() => {
  resetSession();
  refreshLibrary();
  invalidateKeys(() => true);
  setTokenCookie(null);
});

describe('<bo-price-library>', () => {
  it('has a heading of its own, the area name, when mounted alone on a page as the other areas do', async () => {
    render(<PriceLibraryElement />);
    // A level 2 heading: the platform page's h1 is above it.
    expect(await screen.findByRole('heading', { level: 2, name: 'Base de données' })).toBeTruthy();
  });
});
