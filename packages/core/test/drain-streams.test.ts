import { once } from 'node:events';
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createLogger, serve } from '../src/index.ts';
import type { App } from '../src/server/create-app.ts';

const logger = createLogger({ level: 'silent' });

/**
 * An app with one kind of answer: an event stream that never ends by itself (a session's GET
 * stream, a 2026-07-28 listen stream), ended by closeStreams at the drain with a last event, as
 * core's streams are.
 */
function streamingApp(): App {
  const open = new Set<ServerResponse>();
  const app = ((_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: message\ndata: {"opened":true}\n\n');
    open.add(response);
  }) as App;
  app.closeStreams = () => {
    // Ended on a later turn, as a stream whose last event waits for its writer: the response is
    // still in flight when the server looks for idle connections.
    setImmediate(() => open.forEach((response) => response.end('event: message\ndata: {"result":{}}\n\n')));
  };
  return app;
}

// Told apart by events, not the clock: the shutdown timeout is ten minutes, so a close that
// resolves at all closed the stream's keep-alive connection once its last event was written.
describe('a drain with an event stream open on a keep-alive connection', () => {
  it('ends the stream with its last event, then closes the connection instead of waiting out the shutdown timeout', async () => {
    const running = await serve(streamingApp(), { port: 0, host: '127.0.0.1', logger, shutdownTimeoutMs: 600_000 });
    const agent = new Agent({ keepAlive: true });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest(`${running.url}/listen`, { agent }, resolve);
      request.on('error', reject);
      request.end();
    });
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    await once(response, 'data');

    const closed = running.close();
    await once(response, 'end');
    await closed;

    expect(text).toContain('"result"');
    expect(response.headers.connection).toBe('keep-alive');
    agent.destroy();
  });
});
