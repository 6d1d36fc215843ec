import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One check as the conformance suite writes it to checks.json. */
export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO' | string;
  errorMessage?: string;
}

export interface ScenarioResult {
  scenario: string;
  checks: Check[];
}

/** `scenario` (the whole scenario may fail) or `scenario/check-id` (only that check may fail), each with its reason. */
export type ExpectedFailures = Record<string, string>;

export interface Verdict {
  scenario: string;
  passed: boolean;
  /** Failures not covered by an expected-failures entry. */
  unexpected: string[];
  /** Expected-failures entries for this scenario that did not fail: the list is out of date. */
  stale: string[];
  expected: string[];
}

/** Reads every `<dir>/server-<scenario>-<timestamp>/checks.json` the suite wrote. */
export function readResults(directory: string): ScenarioResult[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry.name);
      if (!match) throw new Error(`unexpected results folder ${entry.name}`);
      const checks = JSON.parse(readFileSync(join(directory, entry.name, 'checks.json'), 'utf8')) as Check[];
      return { scenario: match[1]!, checks };
    });
}

/**
 * A scenario passes when at least one check succeeded and none failed, once the failures the
 * expected-failures list names are set aside. Tick marks are not trusted: only the checks.
 */
export function judge(result: ScenarioResult, expected: ExpectedFailures): Verdict {
  const wholeScenario = expected[result.scenario] !== undefined;
  const failed = result.checks.filter((check) => check.status === 'FAILURE');
  const unexplained = failed.filter((check) => expected[`${result.scenario}/${check.id}`] === undefined);
  const succeeded = result.checks.some((check) => check.status === 'SUCCESS');
  const passed = succeeded && unexplained.length === 0;
  const failedIds = new Set(failed.map((check) => check.id));
  const listedChecks = Object.keys(expected).filter((key) => key.startsWith(`${result.scenario}/`));
  const stale = listedChecks.filter((key) => !failedIds.has(key.slice(result.scenario.length + 1)));
  if (wholeScenario) {
    return { scenario: result.scenario, passed, unexpected: [], stale: passed ? [result.scenario, ...stale] : stale, expected: passed ? [] : [result.scenario] };
  }
  const unexpected = passed ? [] : unexplained.length > 0 ? unexplained.map((check) => `${check.id}: ${check.errorMessage ?? 'failed'}`) : ['no check succeeded'];
  return { scenario: result.scenario, passed, unexpected, stale, expected: listedChecks.filter((key) => !stale.includes(key)) };
}
