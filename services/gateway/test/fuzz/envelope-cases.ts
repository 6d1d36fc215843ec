import { callText, type FuzzCase } from './fuzz-case.ts';

const GIANT = 'g'.repeat(900_000);
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

function replaceField(valid: Record<string, unknown>, field: string, raw: string | undefined): string {
  const copy = { ...valid };
  delete copy[field];
  const base = JSON.stringify(copy);
  return raw === undefined ? base : `${base.slice(0, -1)},${JSON.stringify(field)}:${raw}}`;
}

/** Protocol-level hostility around one tool: broken JSON, broken JSON-RPC, pollution keys, depth, size, headers. */
export function envelopeCases(tool: string, validArgs: Record<string, unknown>): FuzzCase[] {
  const args = JSON.stringify(validArgs);
  const valid = callText(tool, args);
  const validObject = JSON.parse(valid) as Record<string, unknown>;
  const cases: FuzzCase[] = [];
  const add = (label: string, body: string | Buffer, options: Omit<FuzzCase, 'label' | 'body'> = {}) => cases.push({ label, body, ...options });

  for (const text of ['', ' ', '{', '[', '}', 'nul', 'null', 'true', '1', '"str"', '[1]', '[[]]', "{'a':1}", '{"a":1,}', 'NaN', '{"id":NaN}', '\u0000']) {
    add(`not JSON-RPC: ${JSON.stringify(text)}`, text, { mustFail: true });
  }
  add('empty batch', '[]', { mustFail: true });
  add('byte-order mark before the body', `\ufeff${valid}`, { mustFail: true });
  add('trailing garbage', `${valid}}garbage`, { mustFail: true });
  add('comment before the body', `/* hi */${valid}`, { mustFail: true });
  for (let cut = 1; cut < valid.length; cut += Math.max(1, Math.floor(valid.length / 40))) {
    add(`truncated at ${cut}`, valid.slice(0, cut), { mustFail: true });
  }
  for (const bytes of [[0xff, 0xfe], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
    const [head, tail] = [valid.slice(0, valid.lastIndexOf('}}')), valid.slice(valid.lastIndexOf('}}'))];
    add(`invalid UTF-8 ${bytes.join(',')} inside the body`, Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]));
    add(`invalid UTF-8 ${bytes.join(',')} inside a string`, Buffer.concat([Buffer.from(callText(tool, '{"x":"')), Buffer.from(bytes), Buffer.from('"}}}')]));
  }

  for (const raw of [undefined, '"1.0"', '2', 'null', '"2.0 "', '["2.0"]']) add(`jsonrpc ${raw}`, replaceField(validObject, 'jsonrpc', raw), { mustFail: true });
  for (const raw of ['true', '{}', '[]', '1e400', '-1e400', deepArray(1000)]) {
    add(`id ${raw.slice(0, 20)}`, replaceField(validObject, 'id', raw), { mustFail: true });
  }
  for (const raw of ['null', '1.5', '-0', '""', '123456789012345678901234567890', '9007199254740993', `"${'i'.repeat(100_000)}"`]) add(`id ${raw}`, replaceField(validObject, 'id', raw));
  add('no id (a notification)', replaceField(validObject, 'id', undefined));
  for (const raw of [undefined, '1', 'null', '""', '"TOOLS/CALL"', '"tools/call "', '"__proto__"', '"constructor"', '"toString"', '"hasOwnProperty"', `"${'m'.repeat(100_000)}"`, '"prompts/get"', '"logging/setLevel"', '"completion/complete"', '"server/discover"']) {
    add(`method ${raw?.slice(0, 20)}`, replaceField(validObject, 'method', raw), { mustFail: true });
  }
  // A list takes any params (a pack with resources lists them, one without answers -32601): well formed either way.
  add('method "resources/list" with a call\'s params', replaceField(validObject, 'method', '"resources/list"'));
  for (const raw of ['[]', '"s"', '1', 'null', 'true', deepArray(10_000)]) add(`params ${raw.slice(0, 10)}`, replaceField(validObject, 'params', raw), { mustFail: true });
  for (const name of ['1', 'null', '[]', '{}', '""', '"__proto__"', '"constructor"', '"toString"', '"valueOf"', `"${'n'.repeat(100_000)}"`, JSON.stringify(tool.toUpperCase()), JSON.stringify(`${tool}\u0000`)]) {
    add(`params.name ${name.slice(0, 20)}`, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${name},"arguments":${args}}}`, { mustFail: true });
  }
  for (const raw of ['null', '[]', '"s"', '1', 'true', `[${args}]`, deepArray(50_000), deepObject(20_000), `"${GIANT}"`]) {
    add(`arguments ${raw.slice(0, 10)}`, callText(tool, raw));
  }
  add('both a method and a result', `${valid.slice(0, -1)},"result":{}}`);

  const pollution = [
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    `{"__proto__":{"polluted":"yes"},${args.slice(1)}`.replace(',}', '}'),
    `${args.slice(0, -1)}${args === '{}' ? '' : ','}"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}}`,
  ];
  for (const raw of pollution) add(`prototype pollution in arguments ${raw.slice(0, 40)}`, callText(tool, raw));
  add('prototype pollution at the top', `{"__proto__":{"polluted":"yes"},${valid.slice(1)}`);
  add('prototype pollution in params', valid.replace('"params":{', '"params":{"__proto__":{"polluted":"yes"},'));
  add('prototype pollution in _meta', valid.replace('"params":{', '"params":{"_meta":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}},'));
  add('deep array as the whole body', deepArray(100_000), { mustFail: true });
  add('deep object as _meta', valid.replace('"params":{', `"params":{"_meta":${deepObject(20_000)},`));

  add('batch of two calls', `[${valid},${callText(tool, args, '2')}]`);
  add('batch with an invalid member', `[${valid},{"jsonrpc":"1.0"}]`, { mustFail: true });
  add('batch of notifications only', '[{"jsonrpc":"2.0","method":"notifications/initialized"}]');
  add('nested batch', `[[${valid}]]`, { mustFail: true });
  add('batch of 1,000 calls', `[${Array.from({ length: 1000 }, (_, index) => callText(tool, args, String(index))).join(',')}]`, { mustFail: true });

  const modern = (method: string, name: string) =>
    `{"jsonrpc":"2.0","id":1,"method":"${method}","params":{"name":${JSON.stringify(name)},"arguments":${args},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`;
  add('2026 envelope without headers', modern('tools/call', tool), { mustFail: true });
  add('2026 envelope, Mcp-Name disagrees', modern('tools/call', tool), { mustFail: true, headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'other' } });
  add('2026 envelope, Mcp-Method disagrees', modern('tools/call', tool), { mustFail: true, headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list', 'mcp-name': tool } });
  add('2026 envelope, well formed', modern('tools/call', tool), { headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': tool } });
  add('2026 header without envelope', valid, { mustFail: true, headers: { 'mcp-protocol-version': '2026-07-28' } });
  for (const version of ['garbage', '', '2025-06-18', '9999-12-31']) add(`MCP-Protocol-Version ${version}`, valid, { headers: { 'mcp-protocol-version': version } });
  add('SSE only', valid, { headers: { accept: 'text/event-stream' } });
  add('Accept nothing usable', valid, { mustFail: true, headers: { accept: 'image/png' } });
  add('text/plain body', valid, { mustFail: true, headers: { 'content-type': 'text/plain' } });
  add('no content type', valid, { mustFail: true, headers: { 'content-type': '' } });
  add('latin1 charset', valid, { mustFail: true, headers: { 'content-type': 'application/json; charset=latin1' } });
  add('gzip Content-Encoding', valid, { mustFail: true, headers: { 'content-encoding': 'gzip' } });
  add('hostile request id header', valid, { headers: { 'x-request-id': `${'r'.repeat(500)}<script>` } });
  add('body over the limit', `{"pad":"${'p'.repeat(1_100_000)}"}`, { mustFail: true });
  return cases;
}
