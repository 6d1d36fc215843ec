import { readFileSync } from 'node:fs';
import { conformancePack } from '../../core/test/conformance/conformance-pack.ts';
import { startConformanceFixture, type ChildServer } from './support/child-server.ts';
import { startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';
import { namespacedFor, OWN, probe, ProbeClient, REVISIONS, type Naming } from './support/protocol-probe.ts';

const PROTOCOL_MD = new URL('../../../docs/protocol.md', import.meta.url);

/** What a client sends (and the notifications on a call's answer) that the probe knows how to send: every one must have its row. */
const PROBED = [
  'initialize', 'ping', 'server/discover', 'tools/list', 'tools/call', 'prompts/list', 'prompts/get', 'resources/list', 'resources/templates/list',
  'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'completion/complete', 'logging/setLevel', 'tasks/list', 'tasks/get', 'tasks/result',
  'tasks/cancel', 'tasks/update', 'notifications/initialized', 'notifications/cancelled', 'notifications/roots/list_changed', 'notifications/progress',
  'notifications/message', 'subscriptions/listen',
];

interface Row {
  method: string;
  /** Per revision: what every endpoint answers, or per kind (`built in X · fronted Y`). */
  cells: Record<string, string>;
}

/** The rows of docs/protocol.md's method table whose method the probe sends. */
function documentedRows(): Row[] {
  const text = readFileSync(PROTOCOL_MD, 'utf8');
  const section = text.slice(text.indexOf('## Every method and notification'));
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const split = (line: string) => line.slice(1, -1).split('|').map((cell) => cell.trim());
  const header = split(lines[0]!);
  const rows: Row[] = [];
  for (const line of lines.slice(2)) {
    const cells = split(line);
    const method = /^`([^`]+)`/.exec(cells[0]!)?.[1];
    if (!method || !PROBED.includes(method)) continue;
    rows.push({ method, cells: Object.fromEntries(REVISIONS.map((revision) => [revision, cells[header.indexOf(revision)]!])) });
  }
  return rows;
}

/** A cell's expectation for one kind of pack: `built in ✓ · fronted -32601` splits; otherwise the cell is both's. */
function expected(cell: string, kind: 'built in' | 'fronted'): string {
  const parts = cell.split(' · ');
  if (parts.length === 1) return cell;
  return parts.find((part) => part.startsWith(kind))!.slice(kind.length + 1);
}

/**
 * docs/protocol.md's table of every method, as the gateway answers it: for each row the probe
 * sends and each revision, a built-in pack (core's conformance fixture pack) and a fronted
 * server (federation's conformance fixture over HTTP), each at its own endpoint and at /mcp
 * under the namespaced names, must answer what the row's cell says. A row that says something
 * the gateway does not do fails here; so does a method the probe sends that has no row.
 */
describe("docs/protocol.md's method table, at every endpoint and revision", () => {
  let server: ChildServer;
  let gateway: FederatedGateway;
  const rows = documentedRows();

  beforeAll(async () => {
    server = await startConformanceFixture();
    gateway = await startFederatedGateway({ mcpServers: { fixture: { url: server.url } } }, {}, { builtInPacks: [conformancePack] });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.kill();
  });

  it('has a row for every method the probe sends', () => {
    expect(rows.map((row) => row.method).sort()).toEqual([...PROBED].sort());
  });

  const endpoints: { kind: 'built in' | 'fronted'; path: string; naming: Naming }[] = [
    { kind: 'built in', path: '/conformance/mcp', naming: OWN },
    { kind: 'built in', path: '/mcp', naming: namespacedFor('conformance') },
    { kind: 'fronted', path: '/fixture/mcp', naming: OWN },
    { kind: 'fronted', path: '/mcp', naming: namespacedFor('fixture') },
  ];

  describe.each(REVISIONS)('%s', (revision) => {
    it.each(endpoints)('$kind at $path', async ({ kind, path, naming }) => {
      const answered: Record<string, string> = {};
      const documented: Record<string, string> = {};
      for (const row of rows) {
        const client = new ProbeClient(`${gateway.url}${path}`, revision);
        await client.start();
        answered[row.method] = await probe(client, row.method, naming);
        documented[row.method] = expected(row.cells[revision]!, kind);
      }
      expect(answered).toEqual(documented);
    });
  });
});
