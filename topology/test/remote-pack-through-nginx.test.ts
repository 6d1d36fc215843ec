import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postRpc, repoRoot, startNginx, startServerEverything, startService, toolCall, type RunningNginx, type RunningServerEverything, type RunningService } from '../src/index.ts';

/**
 * The per-pack shape of a remote pack (docs/federation.md): an MCP server the operator runs
 * (server-everything, from npm), its own toolgate service (services/remote, TOOLGATE_REMOTE),
 * and the repository's nginx config rendering it from TOOLGATE_UPSTREAMS like any pack.
 */
describe('a remote pack behind nginx', () => {
  let upstream: RunningServerEverything;
  let service: RunningService;
  let nginx: RunningNginx;

  beforeAll(async () => {
    upstream = await startServerEverything();
    const file = join(mkdtempSync(join(tmpdir(), 'toolgate-remote-nginx-')), 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: { url: `http://127.0.0.1:${upstream.port}/mcp` } } }));
    service = await startService({
      name: 'remote',
      command: process.execPath,
      args: [join(repoRoot, 'services/remote/src/main.ts')],
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', MCP_SERVERS_FILE: file, TOOLGATE_REMOTE: 'everything', TRUST_PROXY: 'loopback' },
    });
    nginx = await startNginx({ upstreams: { everything: [service.address] } });
  });

  afterAll(async () => {
    await nginx?.stop();
    await service?.stop();
    await upstream?.stop();
  });

  it("answers the server's tools through nginx at /<name>/mcp, results unchanged", async () => {
    const listed = await postRpc(`${nginx.url}/everything/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(listed.status).toBe(200);
    expect(listed.json.result.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const called = await postRpc(`${nginx.url}/everything/mcp`, toolCall(2, 'get-structured-content', { location: 'Chicago' }));
    expect(called.status).toBe(200);
    expect(called.json.result.structuredContent).toEqual(expect.objectContaining({ temperature: expect.any(Number) }));
  });

  it("names the remote pack on nginx's aggregate /healthz with its state", async () => {
    const response = await fetch(`${nginx.url}/healthz`);
    const body = (await response.json()) as { packs: Record<string, string> };
    expect(body.packs).toEqual({ everything: 'ready' });
    expect(response.status).toBe(200);
  });
});
