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
