import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { echoWith, postRpc, startNginx, startService, toolCall, type RunningNginx, type RunningService } from '../src/index.ts';

/**
 * A pack that issues MCP sessions (its tools ask the client mid-call) on two replicas behind the
 * repository's nginx config: a session lives in the replica that issued it, so every request that
 * names it (the client's answer to a question, its next calls) must reach that replica. nginx routes
 * on Mcp-Session-Id; requests without one are spread as before.
 */
describe('MCP sessions through nginx, on two replicas', () => {
  let replicas: RunningService[] = [];
  let nginx: RunningNginx;

  beforeAll(async () => {
    // One secret on both replicas: a session opened by one is taken up by the other that its id is routed to.
    const target = echoWith({ ECHO_SESSIONS: 'on', STATE_SECRET: 'topology-test-secret-0123456789abcdef' });
    replicas = await Promise.all(['a', 'b'].map((name) => startService(target.service(name))));
    nginx = await startNginx({ upstreams: { echo: replicas.map((replica) => replica.address) } });
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(replicas.map((replica) => replica.stop()));
  });

  async function session(): Promise<Client> {
    const client = new Client({ name: 'affinity-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: 'accept', content: { answer: `yes to ${request.params.message}` } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${nginx.url}/echo/mcp`)));
    return client;
  }

  it('every question a replica asks mid-call is answered back to it, in every session, and sessions land on both replicas', async () => {
    const replicasOfSessions = new Set<string>();
    // Sessions until both replicas have held some (ids are random: at most 32, 2^-31 that all hash alike), four at least.
    for (let index = 0; index < 32 && (index < 4 || replicasOfSessions.size < 2); index += 1) {
      const client = await session();
      try {
        const replicasOfSession = new Set<string>();
        for (let round = 0; round < 3; round += 1) {
          const result = await client.callTool({ name: 'ask', arguments: { question: `q${index}.${round}` } });
          expect(result.structuredContent).toMatchObject({ answer: { answer: `yes to q${index}.${round}` } });
          replicasOfSession.add((result.structuredContent as { replica: string }).replica);
        }
        // One replica per session: its id pins it.
        expect(replicasOfSession.size).toBe(1);
        replicasOfSessions.add([...replicasOfSession][0]!);
      } finally {
        await client.close();
      }
    }
    expect(replicasOfSessions).toEqual(new Set(['a', 'b']));
  });

  it('spreads requests without a session over both replicas, as before', async () => {
    const seen = new Set<string>();
    for (let index = 0; index < 20 && seen.size < 2; index += 1) {
      const reply = await postRpc(`${nginx.url}/echo/mcp`, toolCall(index, 'echo', { text: 'hi', delayMs: 20 }));
      seen.add(reply.json.result.structuredContent.replica);
    }
    expect(seen).toEqual(new Set(['a', 'b']));
  });
});
