// Run as a child process by tracing.test.ts: serves one call with the environment it is given and
// prints which @opentelemetry packages were imported meanwhile (a resolve hook sees every import).
import { registerHooks } from 'node:module';

const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const name = /^@opentelemetry\/[^/]+/.exec(specifier)?.[0];
    if (name) loaded.add(name);
    return nextResolve(specifier, context);
  },
});

const { startServer } = await import('../../src/index.ts');
const { echoModule } = await import('./echo-module.ts');
const server = await startServer({ service: 'probe', modules: [echoModule], defaultPort: 0, env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent' } });
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
const response = await fetch(`${server.url}/echo/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
await response.text();
await server.close();
process.stdout.write(JSON.stringify({ status: response.status, loaded: [...loaded].sort() }));
