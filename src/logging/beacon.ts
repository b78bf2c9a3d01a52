import {
  BEACON_MAX_BYTES,
  LOG_LABELS_MAX_LENGTH,
  LOG_MESSAGE_MAX_LENGTH,
  LOG_STACK_TRACE_MAX_LENGTH,
} from '../config/constants';
import type { LogLevelValue } from './levels';

/** The JSON body of POST /v3/client-logs/logs/. */
export interface ClientLogPayload {
  timestamp: string;
  message: string;
  logLevel: LogLevelValue;
  serviceName: string;
  serviceVersion: string;
  userId: number | null;
  userDomain: string;
  /** The log's context labels, serialised as JSON. */
  labelsContext: string;
  transactionId: string | null;
  traceId: string | null;
  errorStackTrace?: string;
}

export interface ClientLogEntry {
  level: LogLevelValue;
  message: string;
  labels?: Record<string, unknown>;
  error?: unknown;
  timestamp: Date;
  serviceName: string;
  serviceVersion: string;
  userId: number | null;
  userDomain: string;
  transactionId: string | null;
  traceId: string | null;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function stringifyLabels(labels: Record<string, unknown> | undefined): string {
  if (!labels) return '{}';
  try {
    return JSON.stringify(labels);
  } catch {
    return '{"labels":"unserialisable"}';
  }
}

function stackOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined) return undefined;
  return String(error);
}

const encoder = new TextEncoder();
export const byteLength = (body: string) => encoder.encode(body).length;

/**
 * Builds the beacon body with the spec's truncations. Escaped or multi-byte characters can still
 * push the JSON past the beacon quota, so the longest fields are cut further until it fits.
 */
export function buildClientLogBody(entry: ClientLogEntry): string {
  const payload: ClientLogPayload = {
    timestamp: entry.timestamp.toISOString(),
    message: truncate(entry.message, LOG_MESSAGE_MAX_LENGTH),
    logLevel: entry.level,
    serviceName: entry.serviceName,
    serviceVersion: entry.serviceVersion,
    userId: entry.userId,
    userDomain: entry.userDomain,
    labelsContext: truncate(stringifyLabels(entry.labels), LOG_LABELS_MAX_LENGTH),
    transactionId: entry.transactionId,
    traceId: entry.traceId,
  };
  const stack = stackOf(entry.error);
  if (stack !== undefined) payload.errorStackTrace = truncate(stack, LOG_STACK_TRACE_MAX_LENGTH);

  let body = JSON.stringify(payload);
  const shrinkable = ['errorStackTrace', 'labelsContext', 'message'] as const;
  for (const field of shrinkable) {
    // Cut in proportion to the field's own cost per character (an escaped control character is
    // six bytes, a euro sign three), so as much as possible of it survives.
    let excess = byteLength(body) - BEACON_MAX_BYTES;
    while (excess > 0 && (payload[field]?.length ?? 0) > 0) {
      const value = payload[field] as string;
      const bytesPerChar = Math.max(1, (byteLength(JSON.stringify(value)) - 2) / value.length);
      payload[field] = value.slice(0, Math.max(0, value.length - Math.ceil(excess / bytesPerChar)));
      body = JSON.stringify(payload);
      excess = byteLength(body) - BEACON_MAX_BYTES;
    }
  }
  return body;
}
