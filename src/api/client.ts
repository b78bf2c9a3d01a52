import * as v from 'valibot';
import wretch, { type WretchError } from 'wretch';
import { getConfig } from '../config/config';
import { getAccessToken } from '../session/token';
import { ApiError, UnexpectedAnswerError } from './errors';

interface ErrorBody {
  error?: { key?: string; fields?: Record<string, string> };
}

/** wretch puts the failed answer's body text in the error message. */
function errorBody(error: WretchError): ErrorBody {
  try {
    return JSON.parse(error.message) as ErrorBody;
  } catch {
    return {};
  }
}

function toApiError(error: WretchError): ApiError {
  const body = errorBody(error);
  const key = body.error?.key ?? (error.status === 401 ? 'unauthorized' : 'internal_error');
  return new ApiError(error.status, key, body.error?.fields);
}

/**
 * The one configured HTTP client (spec section 7): the API host, the bearer access token read at
 * call time, JSON content type and accept headers, credentials included.
 */
export function api() {
  return wretch(getConfig().apiHost)
    .headers({ 'Content-Type': 'application/json', Accept: 'application/json' })
    .options({ credentials: 'include', mode: 'cors' })
    .defer((request) => request.auth(`Bearer ${getAccessToken()}`))
    .catcherFallback((error) => {
      throw 'status' in (error as object) ? toApiError(error as WretchError) : error;
    });
}

/** Parses an answer at the boundary: a shape we do not expect is an error, never a guess. */
type AnswerSchema = v.GenericSchema;

function parseAnswer<Schema extends AnswerSchema>(
  schema: Schema,
  path: string,
  body: unknown,
): v.InferOutput<Schema> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new UnexpectedAnswerError(path, v.summarize(result.issues));
  return result.output;
}

export const getJson = async <Schema extends AnswerSchema>(path: string, schema: Schema) =>
  parseAnswer(schema, path, await api().get(path).json());

export const postJson = async <Schema extends AnswerSchema>(path: string, schema: Schema, body?: unknown) =>
  parseAnswer(schema, path, await api().url(path).post(body).json());
