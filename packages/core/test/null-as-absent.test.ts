import request from 'supertest';
import { z } from 'zod';
import { nullAsAbsent } from '../src/mcp/tools/null-as-absent.ts';
import { createEchoApp } from './echo-pack.ts';

const schema = z.object({
  query: z.string(),
  limit: z.number().int().default(10),
  tag: z.string().optional(),
  cursor: z.string().nullable().optional(),
});

describe('null for an optional argument means "not given"', () => {
  it('drops null where the argument may be left out but not be null', () => {
    expect(nullAsAbsent(schema, { query: 'q', limit: null, tag: null })).toEqual({ query: 'q' });
    expect(schema.parse(nullAsAbsent(schema, { query: 'q', limit: null }))).toEqual({ query: 'q', limit: 10 });
  });

  it('leaves null where the schema takes it, for a required argument and for unknown keys', () => {
    expect(nullAsAbsent(schema, { query: null, cursor: null, other: null })).toEqual({ query: null, cursor: null, other: null });
  });

  it('leaves anything that is not an object of arguments alone', () => {
    expect(nullAsAbsent(schema, null)).toBeNull();
    expect(nullAsAbsent(schema, [null])).toEqual([null]);
    expect(nullAsAbsent(schema, 'text')).toBe('text');
  });

  it('over the wire: a call with an optional argument as null is answered as without it', async () => {
    const call = (args: unknown) =>
      request(createEchoApp()).post('/echo/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'sum', arguments: args } });
    const answer = await call({ numbers: [1.4, 2], round: null });
    expect(answer.body.result.isError).toBeUndefined();
    expect(answer.body.result.structuredContent).toEqual({ sum: 3.4, count: 2 });
    const required = await call({ numbers: null });
    expect(required.body.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/numbers/) }] });
  });
});
