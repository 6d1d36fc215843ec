import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { redactUrls } from './redact-urls.ts';
import type { PinoPretty as PrettyStream } from 'pino-pretty';

export type { Logger };

/** `json`: one JSON object a line, for log shippers. `pretty`: coloured lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

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

/**
 * LOG_FORMAT, else pretty when stdout is a terminal (`pnpm start` in a shell) and JSON when it is
 * not (containers, pipes, CI): a log shipper never receives the coloured lines.
 */
export function logFormatFor(setting: LogFormat | undefined, stdout: { isTTY?: boolean } = process.stdout): LogFormat {
  return setting ?? (stdout.isTTY ? 'pretty' : 'json');
}

/** One logger per process; children add context such as the request id. Redaction applies to both formats. */
export function createLogger(
  options: { level?: string; name?: string; destination?: NodeJS.WritableStream; format?: LogFormat; traceFields?: () => object } = {},
): Logger {
  const settings: LoggerOptions = {
    // trace_id and span_id of the active span (observability/tracing.ts); no mixin at all when tracing is off.
    ...(options.traceFields ? { mixin: options.traceFields } : {}),
    level: options.level ?? 'info',
    base: options.name ? { service: options.name } : {},
    redact: { paths: REDACTED, censor: '[redacted]' },
    // Every finished line, whatever field or message a URL sits in: credentials in URLs (a
    // password in an RPC URL, a key in a query or path) never reach the log.
    hooks: { streamWrite: redactUrls },
  };
  if (options.format === 'pretty') {
    // Loaded only here: JSON processes (containers, tests) never pay for it. In process and
    // synchronous (no transport thread), so lines stay in order with process.stderr's.
    const { PinoPretty } = createRequire(import.meta.url)('pino-pretty') as { PinoPretty: typeof PrettyStream };
    const stream = PinoPretty({
      colorize: options.destination ? false : undefined,
      destination: options.destination ?? 1,
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,service',
      singleLine: true,
    });
    return pino(settings, stream);
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
