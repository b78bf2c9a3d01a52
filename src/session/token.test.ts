import { afterEach, describe, expect, it } from 'vitest';
import { demoClaims, makeToken, setTokenCookie } from '../test/tokens';
import { decodeToken, findAccessToken, getAccessToken, readCookie } from './token';

describe('access token', () => {
  afterEach(() => setTokenCookie(null));

  it('is read from the appAccessToken cookie', () => {
    expect(readCookie('appAccessToken', 'a=1; appAccessToken=abc%3D; b=2')).toBe('abc=');
    setTokenCookie('tok');
    expect(findAccessToken()).toBe('tok');
  });

  it("raises 'Could not get user token' when the cookie is missing at call time", () => {
    expect(() => getAccessToken()).toThrow('Could not get user token');
  });

  it('decodes the claims enterprise_id, userId, companyId and iat', () => {
    expect(decodeToken(makeToken(demoClaims))).toEqual(demoClaims);
  });

  it('answers null for a token it cannot decode or that lacks the claims', () => {
    expect(decodeToken('not-a-jwt')).toBeNull();
    expect(decodeToken(makeToken({ iat: 1 }))).toBeNull();
  });
});
