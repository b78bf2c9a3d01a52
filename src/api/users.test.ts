import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../config/config';
import * as loggerModule from '../logging/logger';
import { mockFetch } from '../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../test/tokens';
import { UnexpectedAnswerError } from './errors';
import { createUser, getUser, grantAdmin, listUsers, lockUser, revokeAdmin, unlockUser } from './users';

const user = {
  id: 9,
  locked: false,
  admin: false,
  lastName: 'Martin',
  firstName: 'Léa',
  job: 'Conductrice de travaux',
  email: 'lea@demo.fr',
  phone: '',
  version: 1,
};

describe('users calls (spec section 7)', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
  });
  afterEach(() => setTokenCookie(null));

  it('lists the company’s users and returns the answer whole', async () => {
    mockFetch({ 'GET /v2/companies/1/users': () => ({ body: { data: [user] } }) });
    expect(await listUsers(1)).toEqual({ data: [user] });
  });

  it('refuses a user the contract does not describe (the server answers texts, never null)', async () => {
    mockFetch({ 'GET /v2/companies/1/users': () => ({ body: { data: [{ ...user, phone: null }] } }) });
    await expect(listUsers(1)).rejects.toThrow(UnexpectedAnswerError);
  });

  it('does not catch errors of the list and create calls', async () => {
    mockFetch({});
    await expect(listUsers(1)).rejects.toThrow();
    await expect(
      createUser(1, { lastName: 'A', firstName: 'B', job: '', email: 'a@b.fr', phone: '' }),
    ).rejects.toThrow();
  });

  it("returns data.data for one user, or null after logging 'Error getting user'", async () => {
    const error = vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /v2/companies/1/users/9': () => ({ body: { data: user } }) });
    expect(await getUser(1, 9)).toEqual(user);
    expect(await getUser(1, 10)).toBeNull();
    expect(error).toHaveBeenCalledWith('Error getting user', expect.anything());
  });

  it.each([
    ['lock', lockUser, { locked: true }, 'Error locking user'],
    ['unlock', unlockUser, { locked: false }, 'Error unlocking user'],
    ['grant admin', grantAdmin, { admin: true }, 'Error granting admin'],
    ['revoke admin', revokeAdmin, { admin: false }, 'Error revoking admin'],
  ] as const)(
    '%s sends the id and its field, or logs its failure and returns null',
    async (_name, action, field, failure) => {
      const error = vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
      const { calls } = mockFetch({
        'POST /v2/companies/1/users/9/edit': () => ({ body: { data: { ...user, ...field } } }),
      });
      expect(await action(1, 9)).toEqual({ ...user, ...field });
      expect(calls[0]?.body).toEqual({ id: 9, ...field });
      expect(await action(1, 10)).toBeNull();
      expect(error).toHaveBeenCalledWith(failure, expect.anything());
    },
  );
});
