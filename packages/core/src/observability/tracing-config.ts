import { z } from 'zod';
import { parseEnv } from '../config.ts';

/**
 * OpenTelemetry's own environment variables (the SDK configuration spec), read once at start.
 * Only these configure tracing: an operator who knows OpenTelemetry needs nothing of ours.
 * Headers, timeout, compression and certificates (OTEL_EXPORTER_OTLP_HEADERS, …) are read by
 * the OTLP exporter itself from the process environment.
 */
export interface TracingSettings {
  exporter: 'otlp' | 'console';
  /** The full URL spans are POSTed to (OTLP/HTTP). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
  resourceAttributes: Record<string, string>;
  sampler: { name: SamplerName; ratio: number };
  /** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be sent in a batch. */
  scheduleDelayMs: number;
}

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;
type SamplerName = (typeof SAMPLERS)[number];

const DEFAULT_OTLP_TRACES_URL = 'http://localhost:4318/v1/traces';

const url = z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional();
const protocol = z
  .enum(['http/protobuf', 'http/json', 'grpc'], { error: 'http/protobuf or http/json' })
  .refine((value) => value !== 'grpc', 'grpc is not supported by toolgate: use http/protobuf or http/json (OTLP over HTTP, port 4318)')
  .optional();

const tracingEnvSchema = z.object({
  OTEL_SDK_DISABLED: z.enum(['true', 'false'], { error: 'true or false' }).optional(),
  /** Spec: a comma list; toolgate takes one of otlp, console, none. */
  OTEL_TRACES_EXPORTER: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['otlp', 'console', 'none'].includes(value), 'one of otlp, console, none (zipkin and jaeger are not supported; send OTLP to a collector)')
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_SERVICE_NAME: z.string().trim().min(1).optional(),
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseResourceAttributes(value ?? '');
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS, { error: `one of ${SAMPLERS.join(', ')}` }).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number({ error: 'a ratio from 0 to 1' }).min(0).max(1).optional(),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(600_000).default(5_000),
});

/**
 * `key=value,key=value`, percent-decoded (the spec's format). A bad entry is a start error
 * rather than the spec's "ignore the whole variable": a silently dropped attribute is found late.
 */
function parseResourceAttributes(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [key, value, ...rest] = entry.split('=');
    if (!key?.trim() || value === undefined || rest.length > 0) throw new Error(`"${entry}" is not key=value (encode "," and "=" as %2C and %3D)`);
    attributes[decodeURIComponent(key.trim())] = decodeURIComponent(value.trim());
  }
  return attributes;
}

/**
 * The tracing settings, or undefined when tracing is off: it is on only when an exporter or an
 * endpoint is configured, and OTEL_SDK_DISABLED=true turns it off whatever else is set.
 * Throws a ConfigError naming each bad variable.
 */
export function tracingSettingsOf(env: NodeJS.ProcessEnv, defaultServiceName: string): TracingSettings | undefined {
  // A variable set to nothing (`OTEL_EXPORTER_OTLP_PROTOCOL=` in a compose file) counts as unset.
  const given = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('OTEL_') && value?.trim()));
  const parsed = parseEnv(tracingEnvSchema, given);
  if (parsed.OTEL_SDK_DISABLED === 'true') return undefined;
  const named = parsed.OTEL_TRACES_EXPORTER;
  const endpoint = parsed.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? parsed.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (named === 'none' || (named === undefined && endpoint === undefined)) return undefined;
  return {
    exporter: named === 'console' ? 'console' : 'otlp',
    url: tracesUrl(parsed.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, parsed.OTEL_EXPORTER_OTLP_ENDPOINT),
    protocol: (parsed.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? parsed.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf') as TracingSettings['protocol'],
    serviceName: parsed.OTEL_SERVICE_NAME ?? parsed.OTEL_RESOURCE_ATTRIBUTES['service.name'] ?? defaultServiceName,
    resourceAttributes: parsed.OTEL_RESOURCE_ATTRIBUTES,
    sampler: { name: parsed.OTEL_TRACES_SAMPLER, ratio: parsed.OTEL_TRACES_SAMPLER_ARG ?? 1 },
    scheduleDelayMs: parsed.OTEL_BSP_SCHEDULE_DELAY,
  };
}

/** The spec's rule: the signal's endpoint is used as it is; the base endpoint gets `v1/traces` appended. */
function tracesUrl(tracesEndpoint: string | undefined, baseEndpoint: string | undefined): string {
  if (tracesEndpoint) return tracesEndpoint;
  if (baseEndpoint) return `${baseEndpoint.replace(/\/+$/, '')}/v1/traces`;
  return DEFAULT_OTLP_TRACES_URL;
}
