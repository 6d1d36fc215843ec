import { callOnce } from '../src/call-once.ts';
import { measure, settle } from '../src/load.ts';
import { LEGACY_CALL, MCP_PATH, MODERN_CALL } from '../src/scenarios.ts';
import { spawnServer, type ServerProcess } from '../src/spawn-server.ts';

// Checks that the comparison is fair: every server answers the benchmark's call with the same
// result. Nothing here is timed; speed is only ever reported by `pnpm bench`.
const PROGRAMS = ['toolgate-server.ts', 'express-server.ts', 'node-http-server.ts', 'sdk-server.ts'] as const;
const servers = new Map<string, ServerProcess>();

beforeAll(async () => {
  const started = await Promise.all(PROGRAMS.map(async (program) => [program, await spawnServer(program)] as const));
  for (const [program, server] of started) servers.set(program, server);
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const urlOf = (program: string) => servers.get(program)!.url + MCP_PATH;
const expectedResult = { content: [{ type: 'text', text: '{"sum":5}' }], structuredContent: { sum: 5 } };

describe('the benchmark servers answer the same tools/call alike', () => {
  it.each(PROGRAMS)('%s answers the 2025-era call with the same JSON-RPC response', async (program) => {
    const answer = await callOnce(urlOf(program), LEGACY_CALL);
    expect(answer.status).toBe(200);
    expect(answer.message).toEqual({ jsonrpc: '2.0', id: 1, result: expectedResult });
  });

  it('toolgate and the SDK answer the 2026-07-28 call with the same result', async () => {
    const [toolgate, sdk] = await Promise.all([callOnce(urlOf('toolgate-server.ts'), MODERN_CALL), callOnce(urlOf('sdk-server.ts'), MODERN_CALL)]);
    for (const answer of [toolgate, sdk]) {
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.message).toMatchObject({ jsonrpc: '2.0', id: 1, result: { ...expectedResult, resultType: 'complete' } });
    }
  });

  it('the load runner reports every answer of a short run as a success, with the server CPU it cost', async () => {
    const server = servers.get('toolgate-server.ts')!;
    const figures = await measure(urlOf('toolgate-server.ts'), LEGACY_CALL, { connections: 4, warmupSeconds: 0, durationSeconds: 1, rounds: 1 }, server.cpuMicros);
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.failures).toBe(0);
    expect(figures.cpuMicrosPerRequest).toBeGreaterThan(0);
  });

  it('the load runner counts error answers as failures', async () => {
    const wrongPath = servers.get('toolgate-server.ts')!.url + '/nowhere/mcp';
    const figures = await measure(wrongPath, LEGACY_CALL, { connections: 2, warmupSeconds: 0, durationSeconds: 1, rounds: 1 });
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.failures).toBe(figures.requests);
  });
});

describe('settling between turns', () => {
  it('returns once the server stops using CPU after a run', async () => {
    const server = servers.get('node-http-server.ts')!;
    await measure(urlOf('node-http-server.ts'), LEGACY_CALL, { connections: 4, warmupSeconds: 0, durationSeconds: 0.5, rounds: 1 });
    await settle(server.cpuMicros, 5_000);
    const before = await server.cpuMicros();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Idle: well under half a core over 200 ms (generous for a shared machine).
    expect((await server.cpuMicros()) - before).toBeLessThan(100_000);
  });
});
