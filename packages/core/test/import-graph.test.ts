import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import ts from 'typescript';

// The structure of packages/core, checked from its source on every `pnpm test`: the floors of
// import-floors.cjs (docs/development.md, "Working inside core") and the one method table.

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const config = require(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const { FLOORS, ALLOWED_UPWARD } = require(join(root, 'import-floors.cjs')) as { FLOORS: { name: string; paths: string[] }[]; ALLOWED_UPWARD: { from: string; to: string }[] };

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the import graph of packages/core', () => {
  let violations: { rule: { name: string }; from: string; to: string }[];
  let modules: string[];

  beforeAll(async () => {
    const previous = process.cwd();
    process.chdir(root);
    try {
      const result = await cruise(['src'], { validate: true, ruleSet: config, ...config.options });
      const output = result.output as { summary: { violations: typeof violations }; modules: { source: string }[] };
      violations = output.summary.violations;
      modules = output.modules.map((module) => module.source);
    } finally {
      process.chdir(previous);
    }
  }, 60_000);

  it('reads every source file of core', () => {
    const expected = sourceFiles(join(root, 'src')).map((path) => relative(root, path));
    expect(modules.filter((module) => module.endsWith('.ts')).sort()).toEqual(expected.sort());
  });

  it('has no circles and no import that runs back up a floor', () => {
    expect(violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`)).toEqual([]);
  });

  it('allows at most two imports back up, each named', () => {
    expect(ALLOWED_UPWARD.length).toBeLessThanOrEqual(2);
  });

  it('puts every file on a floor', () => {
    const floorless = modules.filter((module) => module.endsWith('.ts') && !FLOORS.some((floor) => floor.paths.some((pattern) => new RegExp(pattern).test(module))));
    expect(floorless).toEqual([]);
  });
});

/** Every MCP method and notification of the revisions toolgate speaks (2024-11-05 to 2026-07-28). */
const MCP_METHODS = [
  'initialize', 'ping', 'server/discover', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read',
  'resources/subscribe', 'resources/unsubscribe', 'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel',
  'sampling/createMessage', 'elicitation/create', 'roots/list', 'tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel', 'tasks/update',
  'subscriptions/listen', 'notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'notifications/message',
  'notifications/tools/list_changed', 'notifications/prompts/list_changed', 'notifications/resources/list_changed',
  'notifications/resources/updated', 'notifications/roots/list_changed', 'notifications/tasks/status',
];

/** The method names a source holds as strings (literals and template text; comments do not count). */
function methodStrings(text: string): Set<string> {
  const source = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const method of MCP_METHODS) if (new RegExp(`(^|[^\\w/])${method}($|[^\\w/])`).test(node.text)) found.add(method);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('MCP method names in packages/core/src', () => {
  const byFile = new Map(sourceFiles(join(root, 'src')).map((path) => [relative(root, path), methodStrings(readFileSync(path, 'utf8'))] as const));
  const naming = [...byFile].filter(([, methods]) => methods.size > 0);

  it('appear as strings in at most two files: the method table (and its registrations)', () => {
    expect(naming.map(([file]) => file)).toEqual(['src/mcp/method-table.ts']);
  });

  it('server/discover in one', () => {
    expect(naming.filter(([, methods]) => methods.has('server/discover')).map(([file]) => file)).toEqual(['src/mcp/method-table.ts']);
  });

  it('would be found outside the table: a literal or template counts, a comment or a longer name does not', () => {
    const probe = "// 'tools/call' in a comment\nconst list = `tools/list`;\nconst get = 'prompts/get';\nconst other = 'tools/listing';";
    expect([...methodStrings(probe)].sort()).toEqual(['prompts/get', 'tools/list']);
  });
});
