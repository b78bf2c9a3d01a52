import { z } from '@hono/zod-openapi';
import { errorStatus } from '../http/errors.js';

export const ErrorSchema = z
  .object({
    error: z.object({
      key: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]),
      message: z.string().optional(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .openapi({ description: 'validation only: field → code' }),
    }),
  })
  .openapi('Error');

export const StatusOkSchema = z.object({ status: z.literal('ok') }).openapi('StatusOk');

const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorSchema } },
  description,
});

export const errorResponses = {
  401: errorResponse('Missing, invalid or expired token, or locked user (key unauthorized)'),
  403: errorResponse('Another company (forbidden) or not an admin (admin_required)'),
  404: errorResponse("No such row in the caller's company (not_found)"),
  422: errorResponse('Validation failed (validation, with fields)'),
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** A JSON response of the OpenAPI route definitions. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** A required JSON body of the OpenAPI route definitions. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A list's page: `limit` (1–200, 50) and `offset`, as every list reads them. */
export const pageQueryShape = {
  limit: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(1, 'number')
    .max(200, 'number')
    .default(50)
    .openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(0, 'number')
    .max(1_000_000, 'number')
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' } }),
};

/**
 * The query of a paged list (customers, the price library, …): a search, a sort among the list's
 * keys, an order and a page of 1 to 200 rows (50 by default) from an offset. One definition, so
 * that every list answers the same codes for the same mistakes ('too_long', 'invalid', 'number').
 * Spread into the list's own z.object beside its filters.
 */
export function listQueryShape<const Keys extends readonly [string, ...string[]]>({
  sortKeys,
  defaultSort,
  search,
}: {
  sortKeys: Keys;
  defaultSort: Keys[number];
  /** What the search looks in (the parameter's description). */
  search: string;
}) {
  return {
    q: z
      .string({ error: 'string' })
      .trim()
      .max(100, 'too_long')
      .optional()
      .openapi({ param: { name: 'q', in: 'query' }, description: search }),
    sort: z
      .enum(sortKeys, { error: 'invalid' })
      .default(defaultSort)
      .openapi({ param: { name: 'sort', in: 'query' } }),
    order: z
      .enum(['asc', 'desc'], { error: 'invalid' })
      .default('asc')
      .openapi({ param: { name: 'order', in: 'query' } }),
    ...pageQueryShape,
  };
}
