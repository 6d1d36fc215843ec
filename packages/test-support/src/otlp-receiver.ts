import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with its attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
  links: { traceId: string; spanId: string }[];
  events: { name: string; attributes: Record<string, string | number | boolean> }[];
  /** The resource's attributes (`service.name`, …). */
  resource: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** The base endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); exports arrive at `/v1/traces` below it. */
  url: string;
  /** Every span received so far in JSON exports. */
  spans(): ReceivedSpan[];
  /** Every export received: its content type and raw body (protobuf exports are kept as bytes). */
  exports(): { path: string; contentType: string; body: Buffer; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };

function flatten(attributes: OtlpAttribute[] | undefined): Record<string, string | number | boolean> {
  const flat: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes ?? []) {
    flat[key] = value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue);
  }
  return flat;
}

/**
 * An OTLP/HTTP collector stand-in on 127.0.0.1: answers every export with 200 and `{}` (the
 * spec's success answer), decodes JSON exports (`http/json`: ids as hex strings) and keeps the
 * raw bytes of every export.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReturnType<OtlpReceiver['exports']> = [];
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = request.headers['content-type'] ?? '';
      received.push({ path: request.url ?? '', contentType, body, headers: request.headers });
      if (contentType.startsWith('application/json')) {
        const parsed = JSON.parse(body.toString('utf8')) as {
          resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] }[];
        };
        for (const resourceSpan of parsed.resourceSpans ?? []) {
          const resource = flatten(resourceSpan.resource?.attributes);
          for (const scope of resourceSpan.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                traceId: span.traceId as string,
                spanId: span.spanId as string,
                parentSpanId: (span.parentSpanId as string | undefined) ?? '',
                name: span.name as string,
                kind: span.kind as number,
                attributes: flatten(span.attributes as OtlpAttribute[]),
                status: (span.status as ReceivedSpan['status'] | undefined) ?? {},
                links: ((span.links as ReceivedSpan['links'] | undefined) ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
                events: ((span.events as { name: string; attributes?: OtlpAttribute[] }[] | undefined) ?? []).map((event) => ({
                  name: event.name,
                  attributes: flatten(event.attributes),
                })),
                resource,
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': contentType.startsWith('application/json') ? 'application/json' : 'application/x-protobuf' });
      response.end(contentType.startsWith('application/json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    exports: () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
