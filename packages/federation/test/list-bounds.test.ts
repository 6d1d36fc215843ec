import { nestedSchema, tool } from '@toolgate/test-support';
import type { RemoteListedTool } from '@toolgate/core';
import { DEFAULT_CONNECTION_BOUNDS } from '../src/federation-settings.ts';
import { nestsDeeperThan } from '@toolgate/core/server';
import { TOOLS } from '../src/server-lists/list-kinds.ts';
import { readServerList, type ListPage } from '../src/server-lists/read-server-list.ts';

const bounds = DEFAULT_CONNECTION_BOUNDS.list;

describe('nestsDeeperThan: depth without recursion', () => {
  it('counts each object and array as a level', () => {
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(nestsDeeperThan(deep, 64)).toBe(true);
  });
});

describe('readServerList: pages, bounds, duplicates', () => {
  const pages = (...lists: unknown[][]) => async (cursor: string | undefined) => {
    const index = cursor === undefined ? 0 : Number(cursor);
    return { entries: lists[index]!, ...(index + 1 < lists.length ? { nextCursor: String(index + 1) } : {}) } as ListPage;
  };

  it('reads every page; a tool that is not one is left out and named', async () => {
    const outcome = await readServerList(TOOLS, pages([tool('a'), { name: 'b' }], [tool('c'), 42]), bounds, () => true);
    expect('entries' in outcome && outcome.entries.map((listed) => listed.name)).toEqual(['a', 'c']);
    expect('refused' in outcome && outcome.refused.map((refused) => refused.name)).toEqual(['b', '(no name)']);
  });

  it('counts the tools of every page against MCP_LIST_MAX_ITEMS', async () => {
    const outcome = await readServerList(TOOLS, pages([tool('a'), tool('b')], [tool('c')]), { ...bounds, maxItems: 2 }, () => true);
    expect(outcome).toEqual({ problem: 'it lists more than MCP_LIST_MAX_ITEMS (2) tools' });
  });

  it('counts the bytes of every page against MCP_LIST_MAX_BYTES', async () => {
    const big = tool('big', { description: 'x'.repeat(600) });
    const outcome = await readServerList(TOOLS, pages([big], [{ ...big, name: 'big2' }]), { ...bounds, maxBytes: 1_000 }, () => true);
    expect(outcome).toEqual({ problem: 'its tools come to more than MCP_LIST_MAX_BYTES (1000 bytes) of JSON' });
  });

  it('a tool the operator left out (denyTools) is never checked or counted', async () => {
    const outcome = await readServerList(TOOLS, pages([tool('kept'), tool('deep', { inputSchema: nestedSchema(100) })]), bounds, (name) => name !== 'deep');
    expect(outcome).toEqual({ entries: [tool('kept') as RemoteListedTool], refused: [] });
  });

  it('the first of two tools of one name is kept', async () => {
    const outcome = await readServerList(TOOLS, pages([tool('same', { description: 'first' })], [tool('same', { description: 'second' })]), bounds, () => true);
    expect('entries' in outcome && outcome.entries.map((listed) => listed.description)).toEqual(['first']);
  });
});
