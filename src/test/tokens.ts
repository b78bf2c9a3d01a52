/** Builds an (unsigned) JWT for tests: the client only decodes tokens, the server verifies them. */
export function makeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

export const demoClaims = { enterprise_id: 1, userId: 7, companyId: 1, iat: 1_700_000_000 };

export function setTokenCookie(token: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server that sets it.
  document.cookie = token
    ? `appAccessToken=${token}; path=/`
    : 'appAccessToken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}
