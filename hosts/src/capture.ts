/** A request a library would have sent to a model provider. */
export interface CapturedRequest {
  url: string;
  body: Record<string, unknown>;
}

const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)[:/]/;

/**
 * Replaces globalThis.fetch for the run: requests to 127.0.0.1 (the gateway) go through; any
 * other request is recorded and answered 400 at once, so nothing reaches the network and no
 * library retries. Libraries that keep a reference to fetch take it when their client is built,
 * so clients are built after this is installed.
 */
export function interceptProviders() {
  const original = globalThis.fetch;
  let captured: CapturedRequest[] = [];
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (LOCAL.test(request.url)) return original(input, init);
    const text = await request.text();
    captured.push({ url: request.url, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
    const error = { type: 'invalid_request_error', code: 400, status: 'INVALID_ARGUMENT', message: 'captured by the toolgate host check, not sent' };
    return new Response(JSON.stringify({ type: 'error', error }), { status: 400, headers: { 'content-type': 'application/json' } });
  };
  return {
    /** The requests captured since the last call. */
    take(): CapturedRequest[] {
      const taken = captured;
      captured = [];
      return taken;
    },
    restore(): void {
      globalThis.fetch = original;
    },
  };
}
