/**
 * The four runs of @modelcontextprotocol/conformance toolgate makes (core's fixture pack, and
 * federation's fixture server directly and through the gateway): 0.1.x (2025 scenarios); the 0.2.0
 * pre-release at 2026-07-28, at 2025-11-25, and its `io.modelcontextprotocol/tasks` extension.
 */
export type ConformanceSuite = 'conformance-2025' | 'conformance-2026' | 'conformance-2026-at-2025-11-25' | 'conformance-2026-tasks';

/** Which npm package each run uses (each package that runs them pins both aliases). */
export const SUITE_PACKAGE: Record<ConformanceSuite, string> = {
  'conformance-2025': 'conformance-2025',
  'conformance-2026': 'conformance-2026',
  'conformance-2026-at-2025-11-25': 'conformance-2026',
  'conformance-2026-tasks': 'conformance-2026',
};

export const SUITE_ARGS: Record<ConformanceSuite, string[]> = {
  // 'all' adds the pending scenarios (json-schema-2020-12, server-sse-polling) to the active ones.
  'conformance-2025': ['--suite', 'all'],
  // The 0.2.0 pre-release keeps its 2026-07-28 scenarios (server-stateless, headers, caching) out of the default suite.
  'conformance-2026': ['--spec-version', '2026-07-28', '--suite', 'all'],
  'conformance-2026-at-2025-11-25': ['--spec-version', '2025-11-25', '--suite', 'all'],
  'conformance-2026-tasks': [],
};

/** The tasks extension's server scenarios (SEP-2663): not in a dated revision's suite, so named one by one. */
export const TASKS_SCENARIOS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
];
