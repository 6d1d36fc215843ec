// The gateway process under soak: every pack in packModules (plus the echo and shapes
// fixture packs, so there is load before the real packs are merged), upstreams on a local stub.
import { startServer } from '@toolgate/core/server';
import { packModules } from '../src/index.ts';
import { echoModule } from '../test/fixtures/echo-module.ts';
import { shapesModule } from '../test/fixtures/shapes-pack.ts';
import { startUpstreamStub, upstreamEnv } from '../test/support/upstream-stub.ts';

const stub = await startUpstreamStub();
const modules = [echoModule, shapesModule, ...packModules];
const running = await startServer({
  service: 'soak',
  modules,
  defaultPort: 0,
  env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...upstreamEnv(stub.url) },
});
process.stdout.write(`${JSON.stringify({ url: running.url, segments: modules.map((module) => module.name) })}\n`);
// The soak driver asks over IPC for the heap after a full GC: RSS alone cannot tell a leak
// from V8 keeping the pages it grew into under load.
process.on('message', (message) => {
  if (message !== 'heap') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ heapUsed: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss });
});
process.once('SIGTERM', () => {
  void running.close().then(() => stub.close()).then(() => process.exit(0));
});
