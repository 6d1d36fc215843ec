/**
 * The gateway is invisible: @modelcontextprotocol/conformance against federation's conformance
 * fixture (a 2025-era SDK server with sessions, test/fixtures/conformance-server/), once directly
 * and once fronted as the remote pack `fixture` at /fixture/mcp. Every scenario the server passes
 * directly must pass through the gateway; and the 2026-07-28 scenarios (and the tasks extension's),
 * which the server cannot pass itself, must pass through the gateway but for the entries of
 * expected-failures.json beside this file, each with its reason.
 *
 *   node scripts/conformance.ts [--results <dir>]
 *
 * Verdicts come from the checks.json files the suite writes (@toolgate/test-support's judge).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { conformanceCli, judge, runConformanceCli, SUITE_ARGS, SUITE_PACKAGE, TASKS_SCENARIOS, type ConformanceSuite, type ExpectedFailures, type ScenarioResult } from '@toolgate/test-support';
import { startConformanceFixture } from '../test/support/child-server.ts';
import { startFederatedGateway } from '../test/support/federated-gateway.ts';

type Suite = ConformanceSuite;

/** Suites a 2025-era server speaks itself: what it passes directly is the bar for the gateway. */
const SERVER_SPEAKS: Suite[] = ['conformance-2025', 'conformance-2026-at-2025-11-25'];

async function run(suite: Suite, url: string, directory: string): Promise<ScenarioResult[]> {
  const cli = conformanceCli(SUITE_PACKAGE[suite], import.meta.url);
  return runConformanceCli({ cli, url, directory, args: SUITE_ARGS[suite], scenarios: suite === 'conformance-2026-tasks' ? TASKS_SCENARIOS : undefined });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { results: { type: 'string' } } });
  const expectedFile = JSON.parse(readFileSync(new URL('./expected-failures.json', import.meta.url), 'utf8')) as Record<Suite, ExpectedFailures>;
  const root = values.results ?? mkdtempSync(join(tmpdir(), 'toolgate-federation-conformance-'));
  const server = await startConformanceFixture();
  const gateway = await startFederatedGateway({ mcpServers: { fixture: { url: server.url } } });
  const through = `${gateway.url}/fixture/mcp`;
  let passes = 0;
  let failures = 0;
  let expectedFailures = 0;
  try {
    for (const suite of ['conformance-2025', 'conformance-2026-at-2025-11-25', 'conformance-2026', 'conformance-2026-tasks'] as Suite[]) {
      const direct = SERVER_SPEAKS.includes(suite) ? await run(suite, server.url, join(root, `${suite}-direct`)) : [];
      const passedDirectly = new Set(direct.filter((result) => judge(result, {}).passed).map((result) => result.scenario));
      const expected = expectedFile[suite] ?? {};
      for (const result of (await run(suite, through, join(root, `${suite}-gateway`))).sort((a, b) => a.scenario.localeCompare(b.scenario))) {
        const verdict = judge(result, expected);
        // Directly passed, or a suite the server does not speak: the gateway must pass it (expected failures aside for the latter).
        const bar = SERVER_SPEAKS.includes(suite) ? passedDirectly.has(result.scenario) : true;
        const problems = bar ? [...verdict.unexpected, ...verdict.stale.map((key) => `stale expected-failures entry ${key}: it did not fail`)] : [];
        const state = problems.length > 0 ? 'FAIL' : verdict.passed ? 'pass' : bar ? 'expected failure' : 'fails directly too';
        console.log(`${suite.padEnd(32)} ${result.scenario.padEnd(48)} ${state}`);
        for (const problem of problems) console.log(`    ${problem}`);
        if (problems.length > 0) failures += 1;
        else if (verdict.passed) passes += 1;
        else expectedFailures += 1;
      }
    }
  } finally {
    await gateway.close();
    await server.kill();
  }
  console.log(`\nconformance results in ${root}; the fixture fronted at ${through}`);
  console.log(`federation conformance: ${passes} passed through the gateway, ${failures} failed, ${expectedFailures} failing directly too or expected (scripts/expected-failures.json)`);
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
