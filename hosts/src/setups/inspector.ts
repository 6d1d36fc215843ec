import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Setup, Verdict } from './setup.ts';

const BIN = new URL('../../node_modules/.bin/mcp-inspector', import.meta.url).pathname;
const HOME = mkdtempSync(join(tmpdir(), 'toolgate-hosts-'));

interface Finding {
  rule: string;
  severity: 'error' | 'warning';
  schema: string;
  path: string;
}

/**
 * Its warning that a value accepts any JSON value: true of the values a tool takes or gives as any
 * JSON (a contract call's arguments and decoded results, whose types the ABI decides). Listed in
 * the table, not counted as a change.
 */
const BY_DESIGN = new Set(['untyped-schema']);

/** The MCP Inspector CLI's schema portability check (`--strict`): its errors and warnings both count, but for BY_DESIGN. */
export const inspectorStrict: Setup = {
  host: 'MCP Inspector CLI, --strict (schema portability lint)',
  packages: ['@modelcontextprotocol/inspector'],
  check: (endpoint) =>
    new Promise<Verdict>((resolve, reject) => {
      const args = ['--cli', endpoint, '--transport', 'http', '--method', 'tools/list', '--strict', '--format', 'json'];
      const env = { ...process.env, HOME, XDG_CONFIG_HOME: join(HOME, '.config'), NO_COLOR: '1', MCP_INSPECTOR_SECRET_STORE: 'memory' };
      execFile(BIN, args, { env, timeout: 30_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        const line = stdout.split('\n').find((text) => text.startsWith('{'));
        if (!line) return reject(new Error(`mcp-inspector gave no JSON (${error?.message ?? ''}): ${stderr.slice(0, 300)}`));
        const envelope = JSON.parse(line) as { schemaFindings?: { toolName: string; findings: Finding[] }[] };
        const findings = (envelope.schemaFindings ?? []).flatMap(({ toolName, findings: list }) => list.map((finding) => ({ toolName, ...finding })));
        const describe = (finding: (typeof findings)[number]) => `${finding.toolName} ${finding.schema}${finding.path ? `.${finding.path}` : ''}: ${finding.rule}`;
        const warnings = findings.filter((finding) => finding.severity === 'warning');
        resolve({
          refusals: findings.filter((finding) => finding.severity === 'error').map(describe),
          alterations: warnings.filter((finding) => !BY_DESIGN.has(finding.rule)).map((finding) => `warning: ${describe(finding)}`),
          notes: warnings.filter((finding) => BY_DESIGN.has(finding.rule)).map(describe),
        });
      });
    }),
};
