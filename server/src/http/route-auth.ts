/**
 * Authentication by declaration: every operation of the API says who may call it in its OpenAPI
 * `security` field, and the middlewares come from that field, not from URL prefixes.
 * - `security: [{ bearerAuth: [] }]`: a bearer token of a live session (401 `unauthorized`
 *   otherwise); a path with `{enterprise_id}` must name the token's company (403 `forbidden`).
 * - `security: [{ apiKeyAuth: [] }]`: the connector API of « Mes applications » (issue 23): a live
 *   X-Api-Key of the path's application only (measures/keys.ts); a user's token is refused there.
 * - `security: []`: deliberately public.
 * An operation without `security`, or a route of the API app that no operation declares, stops the
 * app from being built: nothing reaches production with an authentication nobody chose. The
 * isolation test (test/isolation.test.ts) walks the same declarations.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { requireBearer, requireOwnCompany } from '../auth/caller.js';
import { requireApiKey } from '../measures/keys.js';
import type { AppDeps, AppEnv } from './env.js';

export const bearerScheme = 'bearerAuth';
export const apiKeyScheme = 'apiKeyAuth';

export interface DeclaredOperation {
  method: string;
  /** OpenAPI form: `/v2/companies/{enterprise_id}/users`. */
  path: string;
  /** Hono form: `/v2/companies/:enterprise_id/users`. */
  honoPath: string;
  bearer: boolean;
  /** Called with an application's X-Api-Key (the connector API), never a user's token. */
  apiKey: boolean;
}

const toHonoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** The operations the API app declares, each with its chosen authentication. Throws on a gap. */
export function declaredOperations(api: OpenAPIHono<AppEnv>): DeclaredOperation[] {
  const operations: DeclaredOperation[] = [];
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, security } = definition.route;
    const name = `${method.toUpperCase()} ${path}`;
    if (!Array.isArray(security)) {
      throw new Error(
        `${name}: no \`security\` in its route declaration. Write \`security: [{ ${bearerScheme}: [] }]\` (signed-in callers) or \`security: []\` (deliberately public).`,
      );
    }
    const schemes = security.flatMap((requirement) => Object.keys(requirement));
    const unknown = schemes.filter((scheme) => scheme !== bearerScheme && scheme !== apiKeyScheme);
    if (schemes.includes(bearerScheme) && schemes.includes(apiKeyScheme))
      throw new Error(`${name}: a user's token and an application's key are never accepted by one path`);
    if (unknown.length > 0) throw new Error(`${name}: unknown security scheme ${unknown.join(', ')}`);
    operations.push({
      method: method.toUpperCase(),
      path,
      honoPath: toHonoPath(path),
      bearer: schemes.includes(bearerScheme),
      apiKey: schemes.includes(apiKeyScheme),
    });
  }
  // Every handler of the API app must belong to a declared operation (a plain `app.get` would
  // otherwise be served with no authentication and no test).
  const declared = new Set(operations.map((op) => `${op.method} ${op.honoPath}`));
  for (const route of api.routes) {
    if (route.method === 'ALL') continue;
    if (!declared.has(`${route.method} ${route.path}`)) {
      throw new Error(
        `${route.method} ${route.path}: served by the API app but not declared with createRoute (and its \`security\`).`,
      );
    }
  }
  return operations;
}

/**
 * Installs on `platform`, before the API is mounted, the middlewares each declaration asks for.
 * Answers the declared operations (the OpenAPI document and the isolation test use the same list).
 */
export function authenticateByDeclaration(
  platform: Hono<AppEnv>,
  api: OpenAPIHono<AppEnv>,
  deps: AppDeps,
): DeclaredOperation[] {
  const operations = declaredOperations(api);
  const bearer = requireBearer(deps);
  const apiKey = requireApiKey(deps);
  for (const op of operations) {
    if (op.apiKey) platform.on(op.method, op.honoPath, apiKey);
    if (!op.bearer) continue;
    platform.on(op.method, op.honoPath, bearer);
    if (op.path.includes('{enterprise_id}')) platform.on(op.method, op.honoPath, requireOwnCompany);
  }
  return operations;
}
