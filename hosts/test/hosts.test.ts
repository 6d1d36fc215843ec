import assert from 'node:assert/strict';
import { test } from 'node:test';
import { strictHostRefusals, toStrictForm } from '@toolgate/core/server';
import { readmeTable, renderTable } from '../src/report.ts';
import { runHosts } from '../src/run-hosts.ts';
import { SETUPS } from '../src/setups/index.ts';

// One run of every setup against every pack (about 15 s); the tests below read it.
const results = await runHosts(SETUPS);
const problems = (result: (typeof results)[number]) => Object.entries(result.packs).flatMap(([pack, { refusals, alterations }]) => [...refusals, ...alterations].map((what) => `${pack}: ${what}`));

test('the 13 setups of issue 29 each ran against every pack', () => {
  assert.equal(results.length, 13);
  for (const result of results) assert.ok(result.tools > 30, `${result.setup.host}: ${result.tools} tools`);
});

for (const result of results.filter(({ setup }) => !setup.cannot)) {
  test(`${result.setup.host}: every tool taken as published, no request refused`, () => {
    assert.deepEqual(problems(result), []);
  });
}

test('the Agents SDK converts every tool to strict mode (closed objects make that possible), and by default none', () => {
  const strictTools = (host: string) => Object.values(results.find(({ setup }) => setup.host.startsWith(host))!.packs).reduce((total, { strictTools: count = 0 }) => total + count, 0);
  const tools = results[0]!.tools;
  assert.equal(strictTools('OpenAI Agents SDK, convertSchemasToStrict'), tools);
  assert.equal(strictTools('OpenAI Agents SDK, default'), 0);
});

// The gateway checks fronted servers' tools with core's model of that conversion (strictHostRefusals):
// on every pack's tools it must send what the SDK's own code sends, and find nothing to refuse.
test("core's model of strict conversion sends what the Agents SDK sends, for every tool of every pack", () => {
  const strict = results.find(({ setup }) => setup.host.startsWith('OpenAI Agents SDK, convertSchemasToStrict'))!;
  for (const [pack, tools] of Object.entries(strict.published)) {
    const sent = strict.packs[pack]!.sent!;
    for (const tool of tools) {
      assert.deepEqual(toStrictForm(tool.inputSchema), sent.find(({ name }) => name === tool.name)?.parameters, `${pack}/${tool.name}`);
      assert.deepEqual(strictHostRefusals(tool), [], `${pack}/${tool.name}`);
    }
  }
});

// A setup that forwards schemas unchanged with OpenAI strict on is refused for every tool with an
// optional argument (docs/protocol.md says why no published schema fixes that); the table says so.
for (const result of results.filter(({ setup }) => setup.cannot)) {
  test(`${result.setup.host}: refused for its documented reason, and only that`, () => {
    const refusals = Object.values(result.packs).flatMap(({ refusals }) => refusals);
    assert.ok(refusals.length > 0, 'expected OpenAI strict mode to refuse optional arguments');
    for (const refusal of refusals) assert.match(refusal, /'required' is required to be supplied and to be an array including every key in properties/);
    assert.deepEqual(Object.values(result.packs).flatMap(({ alterations }) => alterations), []);
  });
}

test("the README's table of hosts is what this run saw (pnpm --filter @toolgate/llm-hosts hosts:readme rewrites it)", () => {
  assert.equal(readmeTable(), renderTable(results));
});
