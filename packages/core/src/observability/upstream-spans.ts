import { SpanKind, SpanStatusCode, defaultTextMapSetter, trace, type Attributes, type Context, type Span, type TextMapPropagator, type Tracer } from '@opentelemetry/api';
import type { UpstreamAttempt, UpstreamAttemptResult, UpstreamAttemptScope, UpstreamObserver } from '../upstream-observer.ts';

interface Contexts {
  active(): Context;
}

/** What a URL says of the server, without failing on a URL that does not parse. */
function serverOf(url: string): Attributes {
  try {
    const parsed = new URL(url);
    return { 'server.address': parsed.hostname, 'server.port': Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80)) };
  } catch {
    return {};
  }
}

/**
 * A CLIENT span per upstream attempt (HTTP client conventions: one span per attempt, retries
 * counted in `http.request.resend_count`), a child of the span active where the request was made
 * (the tool call's), with the traceparent the upstream is sent. Cache lookups are events on that
 * span; an attempt that follows a miss of its client's cache says so (`toolgate.cache.result`).
 * Requests made outside any span (a background refresh) are not traced: they would start traces
 * of their own.
 */
export function upstreamSpans(tracer: Tracer, contexts: Contexts, propagator: TextMapPropagator): UpstreamObserver {
  // Per traced call, the caches that missed in it: a client's cache carries the client's name.
  const misses = new WeakMap<Span, Set<string>>();

  function attemptStarted(attempt: UpstreamAttempt): UpstreamAttemptScope | undefined {
    const parent = contexts.active();
    const caller = trace.getSpan(parent);
    if (!caller) return undefined;
    const name = attempt.operation === attempt.method ? attempt.method : `${attempt.method} ${attempt.operation}`;
    const span = tracer.startSpan(name, { kind: SpanKind.CLIENT }, parent);
    const headers: Record<string, string> = {};
    // Unsampled, the attempt's traceparent still goes on (sampled flag off), with nothing recorded.
    propagator.inject(trace.setSpan(parent, span), headers, defaultTextMapSetter);
    if (!span.isRecording()) return { headers, end: () => undefined };
    const attributes: Attributes = {
      'http.request.method': attempt.method,
      'url.full': attempt.url,
      ...serverOf(attempt.url),
      'toolgate.upstream.name': attempt.upstream,
      'toolgate.upstream.operation': attempt.operation,
      'toolgate.breaker.state': attempt.breakerState,
    };
    if (attempt.attempt > 1) attributes['http.request.resend_count'] = attempt.attempt - 1;
    if (attempt.method === 'GET' && misses.get(caller)?.has(attempt.upstream)) attributes['toolgate.cache.result'] = 'miss';
    span.setAttributes(attributes);
    return {
      headers,
      end(result: UpstreamAttemptResult) {
        if (result.statusCode !== undefined) span.setAttribute('http.response.status_code', result.statusCode);
        span.setAttribute('toolgate.upstream.outcome', result.outcome);
        if (result.breakerState !== attempt.breakerState) span.setAttribute('toolgate.breaker.state_after', result.breakerState);
        if (result.outcome !== 'success') {
          // HTTP's conventions: a status that failed the request is its own error type.
          const failedStatus = (result.outcome === 'server_error' || result.outcome === 'client_error') && result.statusCode !== undefined;
          span.setAttribute('error.type', failedStatus ? String(result.statusCode) : result.outcome);
          span.setStatus({ code: SpanStatusCode.ERROR, ...(result.error ? { message: result.error.message } : {}) });
        }
        span.end();
      },
    };
  }

  return {
    attemptStarted,
    cacheLookedUp({ cache, result }) {
      const caller = trace.getSpan(contexts.active());
      if (!caller?.isRecording()) return;
      caller.addEvent('cache lookup', { 'toolgate.cache.name': cache, 'toolgate.cache.result': result });
      if (result !== 'miss') return;
      let missed = misses.get(caller);
      if (!missed) misses.set(caller, (missed = new Set()));
      missed.add(cache);
    },
  };
}
