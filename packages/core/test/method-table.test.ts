import request from 'supertest';
import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool } from '../src/index.ts';
import { MethodTable, type MethodEntry, type MethodView, type Namespace } from '../src/mcp/method-entry.ts';
import { METHODS } from '../src/mcp/method-table.ts';
import { ErrorCode } from '../src/protocol/error-codes.ts';
import { resultResponse } from '../src/protocol/json-rpc.ts';
import { Refusal } from '../src/protocol/refusal.ts';
import { echoPack } from './echo-pack.ts';

// The method table is what every endpoint answers from: one entry here (a method only the echo
// pack serves, with its capability and its /mcp namespace) and one view must reach every endpoint.

const notePack = definePack({
  name: 'clock',
  version: '1.0.0',
  tools: [defineTool({ name: 'now', title: 'Now', description: 'Fixed.', inputSchema: z.object({}), outputSchema: z.object({ iso: z.string() }), handler: async () => ({ iso: 'x' }) })],
});

/** `<pack>.<note>` at /mcp: a namespace of another shape than the tools' `<pack>_<tool>`. */
const NOTE_NAMESPACE: Namespace = {
  index(members) {
    return {
      route(name) {
        const [pack, local] = name.split('.');
        const member = members.find((candidate) => candidate.pack.name === pack);
        return member && local ? { member, local } : undefined;
      },
      rename: (member, items) => items.map((item) => ({ ...item, name: `${member.pack.name}.${item.name}` })),
      notFound: (name) => `Note ${name} not found`,
    };
  },
};

const NOTES: MethodEntry = {
  method: 'notes/list',
  dialects: ['legacy', 'modern'],
  handle: (rpc, _context, served) => resultResponse(rpc.id, { notes: [{ name: 'hello', text: `from ${served.pack.name}` }] }),
  servedBy: (pack) => pack.name === 'echo',
  capability: { name: 'notes', value: { listChanged: false } },
  clientSlot: false,
  policy: { kind: 'list', field: 'notes', allows: (policy, pack) => policy.allowsPack(pack) },
  combined: { kind: 'fanOut', field: 'notes', names: NOTE_NAMESPACE },
};

/** A use that is refused by throwing (a sync throw) or rejecting (an async one): answered in band, with its status. */
const NOTE_GET: MethodEntry = {
  method: 'notes/get',
  dialects: ['legacy', 'modern'],
  handle: (rpc) => {
    if (rpc.params?.name === 'thrown') throw new Refusal(404, ErrorCode.InvalidParams, 'Note thrown not found', { data: { name: 'thrown' } });
    return Promise.reject(new Refusal(429, ErrorCode.TooManyRequests, 'Too Many Requests: notes', { headers: { 'retry-after': '7' } }));
  },
  clientSlot: true,
  policy: { kind: 'use', param: 'name', noun: 'note', allows: () => true, refusedAs: 'tool_not_allowed', metered: false, audited: false },
  combined: { kind: 'route', param: 'name', names: NOTE_NAMESPACE },
};

/** Lists only the first tool, asking the endpoint itself for the list. */
const FIRST_TOOL: MethodView = {
  name: 'first',
  methods: new Map([
    [
      'tools/list',
      async (rpc, context, base) => {
        const answer = await base.handle(rpc, context);
        return 'result' in answer ? resultResponse(rpc.id, { tools: (answer.result.tools as unknown[]).slice(0, 1) }) : answer;
      },
    ],
  ]),
};

const table = new MethodTable([...METHODS.entries, NOTES, NOTE_GET], [FIRST_TOOL], METHODS.names);
const app = createApp({
  packs: [
    { pack: echoPack, segment: 'echo' },
    { pack: notePack, segment: 'clock' },
  ],
  logger: createLogger({ level: 'silent' }),
  metrics: createMetrics({ collectProcessMetrics: false }),
  methods: table,
});

const rpc = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
const post = (path: string, body: object) => request(app).post(path).set('accept', 'application/json').send(body);

describe('the method table', () => {
  it('refuses a method registered twice', () => {
    expect(() => new MethodTable([NOTES, NOTES], [], METHODS.names)).toThrow('method notes/list is registered twice');
  });

  it('serves a pack of tools only the handshake and tools: capabilities { tools } only', () => {
    const toolsOnly = (entry: (typeof METHODS.entries)[number]) => entry.servedBy === undefined;
    expect(METHODS.capabilities(toolsOnly, 'legacy')).toEqual({ tools: { listChanged: false } });
    expect(METHODS.capabilities(toolsOnly, 'modern')).toEqual({ tools: { listChanged: false } });
    expect(METHODS.find('server/discover', 'legacy')).toBeUndefined();
    expect(METHODS.find('ping', 'modern')).toBeUndefined();
    expect(METHODS.find('tools/call', 'modern')?.clientSlot).toBe(true);
  });

  it('answers a new entry at the packs that serve it, with its capability, and nowhere else', async () => {
    const echo = await post('/echo/mcp', rpc('initialize', { protocolVersion: '2025-06-18' }));
    expect(echo.body.result.capabilities).toEqual({ tools: { listChanged: false }, notes: { listChanged: false } });
    expect((await post('/echo/mcp', rpc('notes/list'))).body.result.notes).toEqual([{ name: 'hello', text: 'from echo' }]);

    const clock = await post('/clock/mcp', rpc('initialize', { protocolVersion: '2025-06-18' }));
    expect(clock.body.result.capabilities).toEqual({ tools: { listChanged: false } });
    expect((await post('/clock/mcp', rpc('notes/list'))).body.error).toEqual({ code: -32601, message: 'Method not found' });
  });

  it('fans a new list out at /mcp, named by its own namespace, and derives /mcp capabilities from it', async () => {
    const combined = await post('/mcp', rpc('initialize', { protocolVersion: '2025-06-18' }));
    expect(combined.body.result.capabilities).toEqual({ tools: { listChanged: false }, notes: { listChanged: false } });
    expect((await post('/mcp', rpc('notes/list'))).body.result.notes).toEqual([{ name: 'echo.hello', text: 'from echo' }]);
  });

  it('answers a Refusal a handler throws or rejects with in band, with its status and headers, at a pack and at /mcp', async () => {
    const thrown = await post('/echo/mcp', { ...rpc('notes/get', { name: 'thrown' }), id: 'a' });
    expect([thrown.status, thrown.body]).toEqual([404, { jsonrpc: '2.0', id: 'a', error: { code: -32602, message: 'Note thrown not found', data: { name: 'thrown' } } }]);
    const rejected = await post('/mcp', rpc('notes/get', { name: 'echo.other' }));
    expect([rejected.status, rejected.headers['retry-after'], rejected.body.error.message]).toEqual([429, '7', 'Too Many Requests: notes']);
    const batch = await post('/echo/mcp', [rpc('notes/get', { name: 'thrown' }), { ...rpc('tools/list'), id: 2 }]);
    expect([batch.status, batch.body[0].error.code, batch.body[1].result.tools.length]).toEqual([200, -32602, 2]);
  });

  it('answers ?view=<name> through the view, which asks the endpoint itself', async () => {
    expect((await post('/echo/mcp', rpc('tools/list'))).body.result.tools).toHaveLength(2);
    expect((await post('/echo/mcp?view=first', rpc('tools/list'))).body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo']);
    const combined = await post('/mcp?view=first', rpc('tools/list'));
    expect(combined.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo_echo']);
    // Other methods pass through the view untouched.
    expect((await post('/mcp?view=first', rpc('tools/call', { name: 'clock_now', arguments: {} }))).body.result.structuredContent).toEqual({ iso: 'x' });
  });

  it('refuses an unknown view with a 400 that names the views there', async () => {
    const response = await post('/echo/mcp?view=nope', rpc('tools/list'));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Bad Request: no view "nope" here (views: first)');
    // A table without views (the default one has the search view: search-view.test.ts).
    const plain = createApp({ packs: [{ pack: echoPack, segment: 'echo' }], logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }), methods: new MethodTable(METHODS.entries, [], METHODS.names) });
    const none = await request(plain).post('/echo/mcp?view=search').set('accept', 'application/json').send(rpc('tools/list'));
    expect([none.status, none.body.error.message]).toEqual([400, 'Bad Request: no view "search" here (this endpoint has no views)']);
  });
});
