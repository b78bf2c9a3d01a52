/**
 * The one upload of the product (a price list, a measures file): a POST through XMLHttpRequest,
 * because fetch (and so wretch) cannot say how much of a body is sent and the screens show the
 * upload's progress. The bearer token goes with it; the answer is checked against its schema, as
 * every answer is (client.ts `parseAnswer`: any Standard Schema, the contract's zod or valibot).
 */
import { getConfig } from '../config/config';
import { getAccessToken } from '../session/token';
import { type AnswerOf, type AnswerSchema, apiErrorFrom, parseAnswer } from './client';
import { ApiError, UnexpectedAnswerError } from './errors';

export interface UploadOptions {
  /** The share of the file sent, 0 to 1 (called as the upload goes). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

export interface UploadRequest<Schema extends AnswerSchema> extends UploadOptions {
  path: string;
  schema: Schema;
  /** A multipart form, or the file's raw bytes. */
  body: FormData | Blob;
  headers?: Record<string, string>;
  /** A refusal's error (default: the ApiError of its key); an import reads its reasons too. */
  errorFrom?: (status: number, bodyText: string) => ApiError;
}

/** Resolves with the parsed answer; rejects with an ApiError, an UnexpectedAnswerError or an AbortError. */
export function upload<Schema extends AnswerSchema>({
  path,
  schema,
  body,
  headers = {},
  errorFrom = apiErrorFrom,
  onProgress,
  signal,
}: UploadRequest<Schema>): Promise<AnswerOf<Schema>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${getConfig().apiHost}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Authorization', `Bearer ${getAccessToken()}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(errorFrom(request.status, request.responseText));
        return;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        reject(new UnexpectedAnswerError(path, 'not JSON'));
        return;
      }
      try {
        resolve(parseAnswer(schema, path, answer));
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'internal_error')));
    request.addEventListener('abort', () => reject(new DOMException('Envoi annulé', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
