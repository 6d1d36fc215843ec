import { ExportResultCode } from '@opentelemetry/core';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';

/** A collector that stays down would otherwise write a line every batch. */
const REPORT_EVERY_MS = 60_000;

/**
 * The exporter, with failed exports written to the gateway's own log (OpenTelemetry's would
 * go to its global diagnostic logger, which nobody reads): at most once a minute, and once when
 * exports work again.
 */
export function reportingExporter(exporter: SpanExporter, logger: () => Logger | undefined): SpanExporter {
  let lastReport = 0;
  let failing = false;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        if (result.code === ExportResultCode.FAILED) {
          const now = Date.now();
          if (now - lastReport >= REPORT_EVERY_MS) {
            lastReport = now;
            logger()?.warn({ spans: spans.length, reason: result.error?.message }, 'trace export failed: spans dropped');
          }
          failing = true;
        } else if (failing) {
          failing = false;
          lastReport = 0;
          logger()?.info('trace export works again');
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    ...(exporter.forceFlush ? { forceFlush: () => exporter.forceFlush!() } : {}),
  };
}
