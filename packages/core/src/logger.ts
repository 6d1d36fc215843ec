import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Header and field names whose values never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'apiKey',
  'key',
  'token',
];

/** One structured JSON logger per process; children add context such as the request id. */
export function createLogger(options: { level?: string; name?: string; destination?: NodeJS.WritableStream } = {}): Logger {
  const settings: LoggerOptions = {
    level: options.level ?? 'info',
    base: options.name ? { service: options.name } : {},
    redact: { paths: REDACTED, censor: '[redacted]' },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
