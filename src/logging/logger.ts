import { getConfig } from '../config/config';
import { CLIENT_LOG_MIN_LEVEL } from '../config/constants';
import { buildClientLogBody } from './beacon';
import { LogLevel, type LogLevelValue } from './levels';
import { $logContext } from './logContext';

export interface LogDetails {
  error?: unknown;
  labels?: Record<string, unknown>;
}

const CLIENT_LOGS_PATH = '/v3/client-logs/logs/';

function toConsole(level: LogLevelValue, message: string, details: LogDetails) {
  const args: unknown[] = [message];
  if (details.error !== undefined) args.push(details.error);
  if (details.labels) args.push(details.labels);
  if (level >= LogLevel.error) console.error(...args);
  else if (level === LogLevel.warn) console.warn(...args);
  else if (level === LogLevel.info) console.info(...args);
  else console.debug(...args);
}

function forward(level: LogLevelValue, message: string, details: LogDetails) {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const config = getConfig();
  const context = $logContext.get();
  const body = buildClientLogBody({
    level,
    message,
    labels: details.labels,
    error: details.error,
    timestamp: new Date(),
    serviceName: config.serviceName,
    serviceVersion: config.serviceVersion,
    userId: context.userId,
    userDomain: typeof location === 'undefined' ? '' : location.host,
    transactionId: context.transactionId(),
    traceId: context.traceId(),
  });
  try {
    navigator.sendBeacon(`${config.apiHost}${CLIENT_LOGS_PATH}`, body);
  } catch {
    // A refused beacon must never turn one error into two.
  }
}

export function log(level: LogLevelValue, message: string, details: LogDetails = {}): void {
  toConsole(level, message, details);
  if (level >= CLIENT_LOG_MIN_LEVEL) forward(level, message, details);
}

export const logger = {
  debug: (message: string, details?: LogDetails) => log(LogLevel.debug, message, details),
  info: (message: string, details?: LogDetails) => log(LogLevel.info, message, details),
  warn: (message: string, details?: LogDetails) => log(LogLevel.warn, message, details),
  error: (message: string, details?: LogDetails) => log(LogLevel.error, message, details),
  fatal: (message: string, details?: LogDetails) => log(LogLevel.fatal, message, details),
};
