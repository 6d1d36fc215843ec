import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The clients package's own node_modules/.bin: the pinned CLIs. */
export const BIN = new URL('../node_modules/.bin/', import.meta.url).pathname;

/** A home of its own per run, so no CLI reads or writes the user's config, tokens or caches. */
export const CLI_HOME = mkdtempSync(join(tmpdir(), 'toolgate-client-matrix-'));

/**
 * $BROWSER for the CLIs' OAuth logins: the `open` package they use runs its bundled xdg-open,
 * which hands the URL to $BROWSER. The stand-in plays the user's browser (browser-stand-in.ts).
 */
export const BROWSER = join(CLI_HOME, 'browser.sh');
writeFileSync(
  BROWSER,
  `#!/bin/sh\nexec '${process.execPath}' '${new URL('./browser-stand-in.ts', import.meta.url).pathname}' "$1" >>'${join(CLI_HOME, 'browser.log')}' 2>&1 &\n`,
  { mode: 0o755 },
);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a pinned CLI to completion (never through a shell), with a time limit. */
export function runCli(command: string, args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      join(BIN, command),
      args,
      { env: { ...process.env, HOME: CLI_HOME, XDG_CONFIG_HOME: join(CLI_HOME, '.config'), NO_COLOR: '1', BROWSER, ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The first JSON document a CLI printed. */
export function firstJson(text: string): unknown {
  const start = text.indexOf('{');
  if (start < 0) throw new Error(`no JSON in the output: ${text.slice(0, 200)}`);
  // Shrink from the end until it parses: the document may be followed by log lines.
  for (let end = text.lastIndexOf('}'); end > start; end = text.lastIndexOf('}', end - 1)) {
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      // keep shrinking
    }
  }
  throw new Error(`no JSON in the output: ${text.slice(0, 200)}`);
}

/**
 * An error for a CLI that failed: the line that names the error first (what the table shows),
 * then everything it printed (what the scenario reads).
 */
export function cliError(what: string, result: CliResult): Error {
  const output = `${result.stderr}\n${result.stdout}`.trim();
  const lines = output.split('\n').map((line) => line.trim());
  const telling = lines.find((line) => /error/i.test(line) && !line.startsWith('at ')) ?? lines.at(-1) ?? '';
  return new Error(`${what}: exit ${result.code}: ${telling.slice(0, 300)}\n${output}`);
}
