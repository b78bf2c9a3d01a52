/**
 * Answers an operation gives by construction, whatever its handler: 422 `validation` from the
 * validation hook (http/validation.ts) when the operation validates its path, query or body, and
 * 401 `unauthorized` / 403 `forbidden` from the authentication of a bearer operation
 * (http/route-auth.ts). Declared here once, in the document every client reads, rather than
 * remembered in each route; a route that declares its own (with its own description) keeps it.
 * The test harness holds every answer to these declarations (test/support/answer-contract.ts).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { errorResponses } from '../schemas/common.js';
import type { AppEnv } from './env.js';
import { apiKeyScheme, bearerScheme } from './route-auth.js';

export function declareAnswersByConstruction(api: OpenAPIHono<AppEnv>): void {
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { request, security, responses } = definition.route;
    const validates = Boolean(request?.params || request?.query || request?.body || request?.headers);
    const bearer = (security ?? []).some((requirement) => bearerScheme in requirement);
    const add = (status: 401 | 403 | 422) => {
      if (!(status in responses)) responses[status] = errorResponses[status];
    };
    if (validates) add(422);
    if (bearer || (security ?? []).some((requirement) => apiKeyScheme in requirement)) {
      add(401);
      add(403);
    }
  }
}
