import { callOnce } from '../src/call-once.ts';
import { measure, settle } from '../src/load.ts';
import { LEGACY_CALL, MCP_PATH, MODERN_CALL, SCENARIOS, requestFor } from '../src/scenarios.ts';
import { spawnServer, type ServerProcess } from '../src/spawn-server.ts';

// Checks that the comparison is fair: every server answers the benchmark's call with the same
// result. Nothing here is timed; speed is only ever reported by `pnpm bench`.
const PROGRAMS = [...new Set(SCENARIOS.map((scenario) => scenario.server))];
const LEGACY_SCENARIOS = SCENARIOS.filter((scenario) => scenario.dialect === '2025');
const servers = new Map<string, ServerProcess>();

// Started two at a time with a generous limit: eleven processes starting at once on a busy two-core machine are slow.
beforeAll(async () => {
  for (let index = 0; index < PROGRAMS.length; index += 2) {
    const started = await Promise.all(PROGRAMS.slice(index, index + 2).map(async (program) => [program, await spawnServer(program, { startTimeoutMs: 60_000 })] as const));
    for (const [program, server] of started) servers.set(program, server);
  }
}, 300_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const urlOf = (program: string) => servers.get(program)!.url + MCP_PATH;
// What the real quotes pack answers for Socrates: the peers must answer the same JSON.
const socrates = { id: '1AerElFRm74V', content: 'The unexamined life is not worth living.', author: 'Socrates', author_slug: 'socrates', length: 40, tags: ['philosophy', 'famous-quotes'] };
const expectedResult = { content: [{ type: 'text', text: JSON.stringify(socrates) }], structuredContent: socrates };

describe('the benchmark servers answer the same tools/call alike', () => {
  it.each(LEGACY_SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('%s answers the 2025-era call with the same JSON-RPC response', async (_name, scenario) => {
    const answer = await callOnce(urlOf(scenario.server), requestFor(scenario));
    expect(answer.status).toBe(200);
    expect(answer.message).toEqual({ jsonrpc: '2.0', id: 1, result: expectedResult });
  });

  it('the gateway, one toolgate pack and the SDK v2 answer the 2026-07-28 call with the same result', async () => {
    const answers = await Promise.all(['gateway-server.ts', 'toolgate-server.ts', 'sdk-server.ts'].map((program) => callOnce(urlOf(program), MODERN_CALL)));
    for (const answer of answers) {
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
