import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ToolCallObserver } from './mcp/dispatcher.ts';

export interface GatewayMetrics {
  registry: Registry;
  observeRequest(pack: string, status: number, seconds: number): void;
  observeToolCall: ToolCallObserver;
}

/** Prometheus metrics in a registry of the app's own, so several apps can live in one test process. */
export function createMetrics(options: { collectProcessMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.collectProcessMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'toolgate_' });

  const requests = new Counter({
    name: 'toolgate_http_requests_total',
    help: 'MCP HTTP requests by pack and status code',
    labelNames: ['pack', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'toolgate_http_request_duration_seconds',
    help: 'MCP HTTP request latency by pack',
    labelNames: ['pack'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const toolCalls = new Counter({
    name: 'toolgate_tool_calls_total',
    help: 'Tool calls by pack, tool and outcome',
    labelNames: ['pack', 'tool', 'outcome'] as const,
    registers: [registry],
  });
  const toolSeconds = new Histogram({
    name: 'toolgate_tool_call_duration_seconds',
    help: 'Tool handler latency by pack and tool',
    labelNames: ['pack', 'tool'] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  return {
    registry,
    observeRequest(pack, status, seconds) {
      requests.inc({ pack, status: String(status) });
      requestSeconds.observe({ pack }, seconds);
    },
    observeToolCall({ pack, tool, outcome, seconds }) {
      toolCalls.inc({ pack, tool, outcome });
      toolSeconds.observe({ pack, tool }, seconds);
    },
  };
}
