/** A failed API call: the HTTP status and the server's stable error key. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  readonly fields: Record<string, string>;

  constructor(status: number, key: string, fields: Record<string, string> = {}) {
    super(`API error ${status}: ${key}`);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.fields = fields;
  }
}

/** An answer whose shape does not match what the client expects. */
export class UnexpectedAnswerError extends Error {
  constructor(path: string, detail: string) {
    super(`Unexpected answer from ${path}: ${detail}`);
    this.name = 'UnexpectedAnswerError';
  }
}
