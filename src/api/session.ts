/**
 * The session's calls, in the page entry (dist/define.js): parsed with valibot, not zod (no room in
 * its budget; see notifications.ts), and held to the contract's schemas by pageEntryAnswers.test.ts.
 */
import * as v from 'valibot';
import { getJson } from './client';

const statusOk = v.object({ status: v.literal('ok') });

/** GET /api/jwt/access-token/renew: HTTP 200 with `status: "ok"`; the server sets a fresh cookie. */
export async function renewAccessToken(): Promise<void> {
  await getJson('/api/jwt/access-token/renew', statusOk);
}

/** GET /api/jwt/access-token/is-valid: HTTP 200 with `status: "ok"`. */
export async function checkAccessToken(): Promise<void> {
  await getJson('/api/jwt/access-token/is-valid', statusOk);
}

/** The contract's authorizationSchema (src/contract/users.ts), the fields the session reads. */
export const authorizationAnswer = v.object({
  data: v.object({
    admin: v.boolean(),
    scopes: v.optional(v.array(v.string()), []),
  }),
});

export type Authorization = v.InferOutput<typeof authorizationAnswer>['data'];

/**
 * The signed-in user's authorization. The spec names the lookup but not its path; ours is
 * GET /v2/users/{userId}/authorization (see docs/api.md).
 */
export async function fetchAuthorization(userId: number): Promise<Authorization> {
  const answer = await getJson(`/v2/users/${userId}/authorization`, authorizationAnswer);
  return answer.data;
}
