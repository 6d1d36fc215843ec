/**
 * Runs @modelcontextprotocol/conformance against toolgate and fails on any unexpected result.
 *
 *   node scripts/conformance/run.ts [--target <MCP endpoint URL>] [--results <dir>]
 *
 * Four runs of two suites: 0.1.x (2025 scenarios); the 0.2.0 pre-release at 2026-07-28, at
 * 2025-11-25 (the 2025 scenarios as it checks them, sessions' lifecycle included), and its
 * `io.modelcontextprotocol/tasks` extension scenarios.
 * - The fixture pack (test/conformance/conformance-pack.ts, served here) gets every scenario;
 *   each failure must be listed in expected-failures.json with its reason.
 * - The target (a real pack's endpoint; the echo test pack when none is given) must pass the
 *   protocol scenarios any pack must pass.
 * Verdicts come from the checks.json files the suite writes, not from its exit code or output.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { conformanceCli, judge, runConformanceCli, SUITE_ARGS, SUITE_PACKAGE, TASKS_SCENARIOS, type ConformanceSuite, type ExpectedFailures, type Verdict } from '@toolgate/test-support';
import { createApp, createLogger, createMetrics, serve, type Pack, type RunningServer } from '../../src/index.ts';
import { conformancePack } from '../../test/conformance/conformance-pack.ts';
import { echoPack } from '../../test/echo-pack.ts';

type Suite = ConformanceSuite;
const PACKAGE = SUITE_PACKAGE;

interface Run {
  label: string;
  suite: Suite;
  url: string;
  /** Undefined: the suite's whole scenario list. */
  scenarios?: string[];
  expected: ExpectedFailures;
}

const TARGET_SCENARIOS: Partial<Record<Suite, string[]>> = {
  'conformance-2025': ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'],
  'conformance-2026': ['tools-list', 'dns-rebinding-protection', 'server-stateless', 'http-header-validation'],
};

async function servePack(pack: Pack): Promise<{ running: RunningServer; url: string }> {
  const logger = createLogger({ level: 'silent' });
  const app = createApp({ packs: [{ pack, segment: pack.name }], logger, metrics: createMetrics({ collectProcessMetrics: false }) });
  const running = await serve(app, { port: 0, host: '127.0.0.1', logger });
  return { running, url: `${running.url}/${pack.name}/mcp` };
}

/** Runs the suite's CLI (in a child process, on this Node) and collects the checks it wrote. */
async function runSuite(run: Run, resultsRoot: string): Promise<Verdict[]> {
  const directory = join(resultsRoot, run.label.replaceAll(/\W+/g, '-'));
  const cli = conformanceCli(PACKAGE[run.suite], import.meta.url);
  const results = await runConformanceCli({ cli, url: run.url, directory, args: SUITE_ARGS[run.suite], scenarios: run.scenarios });
  const ran = new Set(results.map(({ scenario }) => scenario));
  const missing = (run.scenarios ?? []).filter((scenario) => !ran.has(scenario));
  const verdicts = results.map((result) => judge(result, run.expected));
  for (const scenario of missing) verdicts.push({ scenario, passed: false, unexpected: ['the scenario did not run'], stale: [], expected: [] });
  // An entry for a scenario the suite no longer runs is out of date as well.
  for (const key of Object.keys(run.expected)) {
    const scenario = key.split('/')[0]!;
    if (!ran.has(scenario)) verdicts.push({ scenario, passed: false, unexpected: [], stale: [key], expected: [] });
  }
  return verdicts;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { target: { type: 'string' }, results: { type: 'string' } } });
  const expectedFile = JSON.parse(readFileSync(new URL('./expected-failures.json', import.meta.url), 'utf8')) as Record<string, Record<Suite, ExpectedFailures>>;
  const resultsRoot = values.results ?? mkdtempSync(join(tmpdir(), 'toolgate-conformance-'));
  const fixture = await servePack(conformancePack);
  const echo = values.target ? undefined : await servePack(echoPack);
  const targetUrl = values.target ?? echo!.url;
  let failures = 0;
  let passes = 0;
  let expectedFailures = 0;
  try {
    for (const suite of Object.keys(PACKAGE) as Suite[]) {
      const target = TARGET_SCENARIOS[suite];
      const runs: Run[] = [
        { label: `${suite} fixture`, suite, url: fixture.url, ...(suite === 'conformance-2026-tasks' ? { scenarios: TASKS_SCENARIOS } : {}), expected: expectedFile.fixture![suite] ?? {} },
        ...(target ? [{ label: `${suite} target`, suite, url: targetUrl, scenarios: target, expected: expectedFile.target![suite] ?? {} }] : []),
      ];
      for (const run of runs) {
        const verdicts = await runSuite(run, resultsRoot);
        for (const verdict of verdicts.sort((a, b) => a.scenario.localeCompare(b.scenario))) {
          const problems = [...verdict.unexpected, ...verdict.stale.map((key) => `stale expected-failures entry ${key}: it did not fail`)];
          const state = problems.length > 0 ? 'FAIL' : verdict.passed ? 'pass' : 'expected failure';
          console.log(`${run.label.padEnd(44)} ${verdict.scenario.padEnd(48)} ${state}`);
          for (const problem of problems) console.log(`    ${problem}`);
          if (problems.length > 0) failures += 1;
          else if (verdict.passed) passes += 1;
          else expectedFailures += 1;
        }
      }
    }
  } finally {
    await fixture.running.close();
    await echo?.running.close();
  }
  console.log(`\nconformance results in ${resultsRoot}; target ${targetUrl}`);
  console.log(`${expectedFailures} expected failures, each with its reason in scripts/conformance/expected-failures.json`);
  console.log(`conformance: ${passes} passed, ${failures} failed`);
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
