/** Structured logging: one JSON object per line on stdout (stderr for errors). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(write: (line: string, level: LogLevel) => void = defaultWrite): Logger {
  return {
    log(level, event, fields = {}) {
      write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }), level);
    },
  };
}

function defaultWrite(line: string, level: LogLevel) {
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** For tests: keeps the lines instead of printing them. */
export function createMemoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger((line) => lines.push(JSON.parse(line)));
  return { ...logger, lines };
}
