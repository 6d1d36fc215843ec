import { paramHeaderMismatch, paramHeadersOf } from '../src/mcp/param-headers.ts';

const schema = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, count: { type: 'integer', 'x-mcp-header': 'Count' }, query: { type: 'string' } } };
const headers = paramHeadersOf(schema);
const check = (args: Record<string, unknown>, sent: Record<string, string>) => paramHeaderMismatch(headers, args, (name) => sent[name]);

describe('Mcp-Param headers (SEP-2243)', () => {
  it('reads the mirrored arguments from the schema', () => {
    expect(headers).toEqual([{ param: 'region', header: 'Region' }, { param: 'count', header: 'Count' }]);
    expect(paramHeadersOf({ type: 'object' })).toEqual([]);
  });

  it('accepts a literal or a valid Base64 value equal to the argument, and both absent', () => {
    expect(check({ region: 'eu', count: 3 }, { 'mcp-param-region': 'eu', 'mcp-param-count': '3' })).toBeUndefined();
    expect(check({ region: 'Hello', count: 1 }, { 'mcp-param-region': `=?base64?${Buffer.from('Hello').toString('base64')}?=`, 'mcp-param-count': '1' })).toBeUndefined();
    expect(check({ region: '=?base64?SGVsbG8=', count: 1 }, { 'mcp-param-region': '=?base64?SGVsbG8=', 'mcp-param-count': '1' })).toBeUndefined();
    expect(check({}, {})).toBeUndefined();
  });

  it('names what disagrees: a broken Base64, a missing header, an extra one, another value', () => {
    expect(check({ region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVsbG8?=' })).toMatch('not valid Base64');
    expect(check({ region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVs!!!bG8=?=' })).toMatch('not valid Base64');
    expect(check({ region: 'eu' }, {})).toMatch('Mcp-Param-Region header is absent');
    expect(check({}, { 'mcp-param-region': 'eu' })).toMatch('arguments.region is not');
    expect(check({ region: 'eu', count: 2 }, { 'mcp-param-region': 'eu', 'mcp-param-count': '3' })).toMatch('does not match arguments.count');
  });
});
