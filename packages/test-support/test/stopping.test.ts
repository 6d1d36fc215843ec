import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startAuthorizationServer } from '../src/authorization-server.ts';
import { stopChild } from '../src/stop-child.ts';

// The client matrix once idled five minutes at the end of its OAuth mode: Chromium held a
// connection to the authorization server that never carried a request, and the server's stop
// waited for it. Stops here must end whatever a client holds open.
describe('stopping the fixtures a test started', () => {
  it('the authorization server exits on SIGTERM while a client holds a connection that never sent a request, and cuts it', async () => {
    const server = spawn(process.execPath, [fileURLToPath(new URL('../src/authorization-server-main.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
      const { hostname, port } = new URL((JSON.parse(line) as { issuer: string }).issuer);
      const socket = connect(Number(port), hostname);
      await once(socket, 'connect');
      const cut = once(socket, 'close');
      // Sent as soon as the issuer is known: the server must already listen for it.
      server.kill('SIGTERM');
      // On its own (exit code 0, not killed), and the server ended the connection: the client never closed it.
      expect(await once(server, 'exit')).toEqual([0, null]);
      await cut;
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('startAuthorizationServer().stop() ends it', async () => {
    const auth = await startAuthorizationServer();
    await auth.stop();
    await expect(fetch(auth.issuer)).rejects.toThrow();
  });

  it('stopChild ends a child that ignores SIGTERM, with SIGKILL after the grace period', async () => {
    const stubborn = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)"], { stdio: ['ignore', 'pipe', 'ignore'] });
    await once(stubborn.stdout!, 'data');
    await stopChild(stubborn, 100);
    expect(stubborn.signalCode).toBe('SIGKILL');
  });
});
