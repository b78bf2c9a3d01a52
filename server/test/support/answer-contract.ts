/**
 * Every answer of the suite checked against the contract its operation declares (issue 20): the
 * status must be one the operation lists, the media type one it lists for that status, and a JSON
 * body must parse with the response's zod schema (the same objects the OpenAPI document is built
 * from) without a key the schema does not declare. An answer outside its contract makes the request
 * throw, so the test fails at the call that got it, with the operation, status and issues named.
 *
 * A few answers come from the stack rather than from the handler, whatever the operation
 * (http/error-answer.ts, http/body-limit.ts): 400 `bad_request` (a body or value that cannot be
 * read), 413 `payload_too_large`, 500 `internal_error`, 503 `database_timeout`. They are accepted
 * on every operation, with the error body and that key only.
 */
import type { OpenAPIHono, z } from '@hono/zod-openapi';
import { unknownFields } from '../../../src/contract/unknownFields.js';
import type { Apps } from '../../src/app.js';
import type { AppEnv } from '../../src/http/env.js';
import { ErrorSchema } from '../../src/schemas/common.js';

interface DeclaredResponse {
  content?: Record<string, { schema?: z.ZodType }>;
}

export interface DeclaredOperation {
  /** `GET /v2/companies/{enterprise_id}/banks/{id}` */
  name: string;
  method: string;
  pattern: RegExp;
  /** Segments without a parameter: `/customers/duplicates` wins over `/customers/{id}`. */
  literalSegments: number;
  responses: Record<string, DeclaredResponse>;
}

/** Answers of the stack (not of the handler) that any operation may give, with their key. */
export const stackAnswers: Record<number, string> = {
  400: 'bad_request',
  413: 'payload_too_large',
  500: 'internal_error',
  503: 'database_timeout',
};

export class AnswerContractError extends Error {
  override name = 'AnswerContractError';
}

export function declaredOperationsOf(api: OpenAPIHono<AppEnv>): DeclaredOperation[] {
  const operations: DeclaredOperation[] = [];
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, responses } = definition.route;
    const segments = path.split('/');
    const pattern = segments
      .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('/');
    operations.push({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      pattern: new RegExp(`^${pattern}$`),
      literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
      responses: responses as Record<string, DeclaredResponse>,
    });
  }
  return operations;
}

/** The declared operation a request reaches, or undefined (pages, sign-in, assets, unknown paths). */
export function operationOf(operations: DeclaredOperation[], method: string, pathname: string) {
  return operations
    .filter((op) => op.method === method && op.pattern.test(pathname))
    .sort((a, b) => b.literalSegments - a.literalSegments)[0];
}

const mediaTypeOf = (response: Response) =>
  response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';

const isJson = (type: string) => type === 'application/json' || /^application\/.+\+json$/.test(type);

/** The issues of `body` against `schema`, keys it does not declare included. */
function bodyIssues(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  if (!result.success) {
    return result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  }
  return unknownFields(body, result.data).map((path) => `${path}: not declared by the schema`);
}

/** What is wrong with this answer to this request, or null when it keeps its operation's contract. */
export async function answerProblem(
  operations: DeclaredOperation[],
  request: Request,
  response: Response,
): Promise<string | null> {
  const { pathname } = new URL(request.url);
  const op = operationOf(operations, request.method.toUpperCase(), pathname);
  if (!op) return null;
  const where = `${request.method} ${pathname} (${op.name}) answered ${response.status}`;
  const type = mediaTypeOf(response);
  const readJson = async (): Promise<{ body?: unknown; problem?: string }> => {
    const text = await response.clone().text();
    try {
      return { body: JSON.parse(text) };
    } catch {
      return { problem: `${where} with a body that is not JSON: ${text.slice(0, 200)}` };
    }
  };

  const declared = op.responses[String(response.status)] ?? op.responses.default;
  if (!declared) {
    const key = stackAnswers[response.status];
    if (!key) {
      return `${where}, a status its operation does not declare (declared: ${Object.keys(op.responses).join(', ')})`;
    }
    if (!isJson(type)) return `${where} as ${type || 'no content type'}, not the error body`;
    const { body, problem } = await readJson();
    if (problem) return problem;
    const issues = bodyIssues(ErrorSchema, body);
    if (issues.length > 0) return `${where} outside the error body: ${issues.join('; ')}`;
    const answered = (body as z.infer<typeof ErrorSchema>).error.key;
    if (answered !== key)
      return `${where} with the key ${answered}, undeclared (only ${key} may come undeclared)`;
    return null;
  }

  const content = declared.content;
  if (!content || Object.keys(content).length === 0) return null;
  const media = content[type];
  if (!media) {
    return `${where} as ${type || 'no content type'}, not a declared media type (${Object.keys(content).join(', ')})`;
  }
  if (!isJson(type) || !media.schema) return null;
  const { body, problem } = await readJson();
  if (problem) return problem;
  const issues = bodyIssues(media.schema, body);
  if (issues.length === 0) return null;
  return `${where} outside its declared schema:\n  ${issues.slice(0, 20).join('\n  ')}\n  body: ${JSON.stringify(body).slice(0, 500)}`;
}

/**
 * Makes `apps.platform` check every answer it gives (through `request()` and `fetch()` alike) and
 * throw an AnswerContractError for one outside its contract. Returns the same apps.
 */
export function checkAnswers(apps: Apps): Apps {
  const operations = declaredOperationsOf(apps.api);
  const platform = apps.platform;
  const fetch = platform.fetch;
  // Hono's request() calls this.fetch: replacing the instance's fetch covers both.
  platform.fetch = async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    const problem = await answerProblem(operations, request, response);
    if (problem) throw new AnswerContractError(problem);
    return response;
  };
  return apps;
}
