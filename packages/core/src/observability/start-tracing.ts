import type { Logger } from 'pino';
import type { Tracing } from './tracing.ts';
import type { TracingSettings } from './tracing-config.ts';

/** Loads the OpenTelemetry SDK (only now: a process without tracing never imports it) and starts it. */
export async function startTracing(settings: TracingSettings, logger: () => Logger | undefined): Promise<Tracing> {
  const { createOtelTracing } = await import('./otel-tracing.ts');
  return createOtelTracing(settings, logger);
}
