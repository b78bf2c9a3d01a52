import { z } from 'zod';
import { lazy } from '../contract/lazy';
import { type User, userSchema } from '../contract/users';
import { internalErrors } from '../i18n/internalErrors';
import { logger } from '../logging/logger';
import { getJson, postJson } from './client';

/**
 * The user's schema is the shared contract's (src/contract/users.ts): the server declares its
 * answers with it, parsed here at the boundary.
 */
export { type User, userSchema };
export type NewUser = Omit<User, 'id' | 'locked' | 'admin' | 'version'> & Partial<Pick<User, 'admin'>>;
export type UserChanges = Partial<Omit<User, 'id'>>;

const usersAnswer = lazy(() => z.object({ data: z.array(userSchema) }));
const userAnswer = lazy(() => z.object({ data: userSchema }));

const usersPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/users`;

/** The whole answer; errors are not caught (spec section 7). */
export function listUsers(enterpriseId: number) {
  return getJson(usersPath(enterpriseId), usersAnswer);
}

/** The user, or null after logging 'Error getting user'. */
export async function getUser(enterpriseId: number, userId: number): Promise<User | null> {
  try {
    return (await getJson(`${usersPath(enterpriseId)}/${userId}`, userAnswer)).data;
  } catch (error) {
    logger.error(internalErrors.getUser, { error, labels: { userId } });
    return null;
  }
}

/** Errors are not caught (spec section 7). */
export async function createUser(enterpriseId: number, user: NewUser): Promise<User> {
  return (await postJson(usersPath(enterpriseId), userAnswer, user)).data;
}

export async function editUser(enterpriseId: number, id: number, changes: UserChanges): Promise<User> {
  return (await postJson(`${usersPath(enterpriseId)}/${id}/edit`, userAnswer, { id, ...changes })).data;
}

async function editOrLog(enterpriseId: number, id: number, changes: UserChanges, failure: string) {
  try {
    return await editUser(enterpriseId, id, changes);
  } catch (error) {
    logger.error(failure, { error, labels: { userId: id } });
    return null;
  }
}

export const lockUser = (enterpriseId: number, id: number) =>
  editOrLog(enterpriseId, id, { locked: true }, internalErrors.lockUser);
export const unlockUser = (enterpriseId: number, id: number) =>
  editOrLog(enterpriseId, id, { locked: false }, internalErrors.unlockUser);
export const grantAdmin = (enterpriseId: number, id: number) =>
  editOrLog(enterpriseId, id, { admin: true }, internalErrors.grantAdmin);
export const revokeAdmin = (enterpriseId: number, id: number) =>
  editOrLog(enterpriseId, id, { admin: false }, internalErrors.revokeAdmin);
