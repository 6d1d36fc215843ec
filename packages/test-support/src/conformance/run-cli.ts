import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { readResults, type ScenarioResult } from './judge.ts';

const execFileAsync = promisify(execFile);

/**
 * The CLI of a `@modelcontextprotocol/conformance` install, resolved from the package that depends
 * on it (each package pins its own: core's `conformance-2025` and `conformance-2026` aliases).
 */
export function conformanceCli(packageName: string, from: string): string {
  const manifest = createRequire(from).resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin.conformance!);
}

export interface ConformanceRun {
  /** The CLI's path (conformanceCli). */
  cli: string;
  /** The MCP endpoint under test. */
  url: string;
  /** Where the suite writes its checks: a folder of this run's own. */
  directory: string;
  /** The suite's own arguments (`--suite all`, `--spec-version 2026-07-28`). */
  args: string[];
  /** One CLI run per scenario; undefined: one run of everything `args` selects. */
  scenarios?: string[] | undefined;
}

/**
 * Runs the suite's CLI (in a child process, on this Node) and reads the checks it wrote. The
 * exit code is not the verdict (the checks are, judge.ts), but a crash or a hang must not pass
 * silently. Asynchronous: the servers under test may live in the calling process.
 */
export async function runConformanceCli(run: ConformanceRun): Promise<ScenarioResult[]> {
  mkdirSync(run.directory, { recursive: true });
  const invocations = run.scenarios?.map((scenario) => ['--scenario', scenario]) ?? [[]];
  for (const scenarioArgs of invocations) {
    const args = [run.cli, 'server', '--url', run.url, '-o', run.directory, ...run.args, ...scenarioArgs];
    await execFileAsync(process.execPath, args, { timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }).catch((error: { code?: unknown; stderr?: string }) => {
      if (error.code === 1) return;
      throw new Error(`the conformance CLI failed to run against ${run.url} (${String(error.code)}): ${error.stderr ?? ''}`);
    });
  }
  return readResults(run.directory);
}
