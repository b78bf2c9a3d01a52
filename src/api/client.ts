import wretch, { type WretchError } from 'wretch';
import { getConfig } from '../config/config';
import { getAccessToken } from '../session/token';
import { ApiError, UnexpectedAnswerError } from './errors';

interface ErrorBody {
  error?: { key?: string; fields?: Record<string, string> };
}

/**
 * A refused answer as an ApiError: the API's `{error: {key, fields}}` body, or, when the body is not
 * one (a proxy's page), 401 `unauthorized` or `internal_error`.
 */
export function apiErrorFrom(status: number, bodyText: string): ApiError {
  let body: ErrorBody | null = null;
  try {
    body = JSON.parse(bodyText) as ErrorBody | null;
  } catch {}
  const key = body?.error?.key ?? (status === 401 ? 'unauthorized' : 'internal_error');
  return new ApiError(status, key, body?.error?.fields);
}

// wretch puts the failed answer's body text in the error message.
const toApiError = (error: WretchError) => apiErrorFrom(error.status, error.message);

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

/**
 * An answer's schema, as a Standard Schema (standardschema.dev): the shared contract's zod schemas
 * (src/contract), or valibot for the modules of dist/define.js (the bell's notifications), which
 * must not carry zod into a platform page's first load. Both are run through `~standard.validate`:
 * this module (in dist/define.js) imports zod's nothing, not even its types.
 */
export interface AnswerSchema {
  readonly '~standard': {
    readonly validate: (value: unknown) => StandardResult | Promise<StandardResult>;
    readonly types?: { readonly output: unknown } | undefined;
  };
}
export type AnswerOf<Schema extends AnswerSchema> = NonNullable<Schema['~standard']['types']>['output'];

interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}
type StandardResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/**
 * What did not fit, one issue a line (`× message → at a.b`), whichever library's issues: a Standard
 * Schema issue's path holds keys or `{key}` segments (valibot's).
 */
function summary(issues: readonly StandardIssue[]): string {
  return issues
    .map(({ message, path }) => {
      const keys = (path ?? []).map((segment) =>
        String(typeof segment === 'object' && segment !== null ? segment.key : segment),
      );
      return keys.length > 0 ? `× ${message}\n  → at ${keys.join('.')}` : `× ${message}`;
    })
    .join('\n');
}

/** Parses an answer at the boundary: a shape we do not expect is an error, never a guess. */
export function parseAnswer<Schema extends AnswerSchema>(
  schema: Schema,
  path: string,
  body: unknown,
): AnswerOf<Schema> {
  // Synchronous: no answer's schema has an asynchronous check.
  const result = schema['~standard'].validate(body) as StandardResult;
  if (result.issues) throw new UnexpectedAnswerError(path, summary(result.issues));
  return result.value as AnswerOf<Schema>;
}

export const getJson = async <Schema extends AnswerSchema>(path: string, schema: Schema) =>
  parseAnswer(schema, path, await api().get(path).json());

export const postJson = async <Schema extends AnswerSchema>(path: string, schema: Schema, body?: unknown) =>
  parseAnswer(schema, path, await api().url(path).post(body).json());

/** A file the API answered: its bytes, and the name the server gave it. */
export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/** The file name of a Content-Disposition header: its UTF-8 form first, else the plain one. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {}
  }
  return /filename="?([^";]+)"?/i.exec(header ?? '')?.[1] ?? fallback;
}

/** Hands a downloaded file to the browser's save (a link with `download`, clicked once). */
export function saveFile({ filename, blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  // In the document: some browsers ignore a click on a link that is not.
  document.body.append(link);
  link.click();
  link.remove();
  // Later than the click: a browser still reading the file when the URL goes would lose it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
