import { fixture } from './support/child-server.ts';
import { rpc, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

/** Issue 40: a fronted server's tools checked as an agent in OpenAI strict mode would send them; the log and the page say which it would refuse. */
describe('a fronted tool OpenAI strict mode would refuse', () => {
  let gateway: FederatedGateway;

  beforeAll(async () => {
    gateway = await startFederatedGateway({ mcpServers: { loose: { command: process.execPath, args: [fixture('loose-schema-server.ts')] } } });
    const listed = await rpc(`${gateway.url}/loose/mcp`, 'tools/list');
    expect(listed.result!.tools.map(({ name }: { name: string }) => name)).toEqual(['lookup', 'annotate']);
  });
  afterAll(async () => gateway?.close());

  it('is named in a warning when the server is listed, with why; the tools it takes are not', () => {
    const warnings = gateway.logs().split('\n').filter((line) => line.includes('OpenAI strict mode would refuse'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({
      level: 40,
      pack: 'loose',
      refused: 1,
      tools: ['annotate'],
      first: "Invalid schema for function 'annotate': In context=('properties', 'note'), schema must have a 'type' key.",
    });
  });

  it('is named on the page under that tool', async () => {
    const page = await (await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } })).text();
    const annotate = page.slice(page.indexOf('id="loose.annotate"'));
    expect(annotate.slice(0, annotate.indexOf('</article>'))).toContain('OpenAI strict mode would refuse this tool');
    const lookup = page.slice(page.indexOf('id="loose.lookup"'));
    expect(lookup.slice(0, lookup.indexOf('</article>'))).not.toContain('strict-refusal');
  });
});
