import { readFileSync } from 'node:fs';
import { ConfigError } from '@toolgate/core';
import { z } from 'zod';
import { substituteEnv } from './substitute-env.ts';

/** One entry of the file, as Claude Desktop, Cursor and VS Code write it. */
const common = {
  type: z.string().optional(),
  /** toolgate's own: only these tools are served (by name). */
  allowTools: z.array(z.string().min(1)).optional(),
  /** toolgate's own: these tools are never served. */
  denyTools: z.array(z.string().min(1)).optional(),
  /** toolgate's own: `hold` a changed tool back until accepted, or `follow` the server (MCP_TOOL_CHANGES by default). */
  toolChanges: z.enum(['hold', 'follow']).optional(),
};
const remoteEntry = z.strictObject({ ...common, url: z.url({ protocol: /^https?$/ }), headers: z.record(z.string(), z.string()).optional() });
const stdioEntry = z.strictObject({
  ...common,
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});

const fileSchema = z.union([
  z.looseObject({ mcpServers: z.record(z.string(), z.unknown()) }),
  z.looseObject({ servers: z.record(z.string(), z.unknown()) }),
]);

/** `type` values the hosts write, by transport; anything else is refused. */
const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamableHttp']);
const STDIO_TYPES = new Set(['stdio']);

interface EntryCommon {
  /** The pack's name and path segment: `/<name>/mcp`. */
  name: string;
  allowTools?: string[];
  denyTools?: string[];
  toolChanges?: 'hold' | 'follow';
  /** Every value substituted from the environment, and every header and env value: never shown. */
  secrets: string[];
}
export interface RemoteServerEntry extends EntryCommon {
  transport: 'http';
  url: URL;
  headers: Record<string, string>;
}
export interface StdioServerEntry extends EntryCommon {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}
export type ServerEntry = RemoteServerEntry | StdioServerEntry;

/** A pack name is a path segment and a metrics label: kept to what both accept. */
const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/**
 * Reads an `mcpServers` file. Every problem is refused here, at start, in one line that names
 * the file and the entry; values never appear in it (they may be secrets).
 */
export function readServersFile(path: string, env: NodeJS.ProcessEnv, builtInNames: readonly string[]): ServerEntry[] {
  const fail = (where: string, problem: string): never => {
    throw new ConfigError(`invalid configuration:\n  MCP_SERVERS_FILE ${path}${where}: ${problem}`);
  };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail('', `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail('', `is not JSON (${(error as Error).message})`);
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) return fail('', 'needs an object under "mcpServers" (or VS Code\'s "servers")');
  const servers = ('mcpServers' in file.data ? file.data.mcpServers : file.data.servers) as Record<string, unknown>;
  return Object.entries(servers).map(([name, raw]) => parseEntry(name, raw, env, builtInNames, (problem) => fail(` entry "${name}"`, problem)));
}

function parseEntry(name: string, raw: unknown, env: NodeJS.ProcessEnv, builtInNames: readonly string[], fail: (problem: string) => never): ServerEntry {
  if (!NAME.test(name)) fail('the name must be lower-case letters, digits, "-" or "_" (it becomes the path /<name>/mcp)');
  if (builtInNames.includes(name)) fail(`the name clashes with the built-in pack "${name}"; rename the entry`);
  if (!raw || typeof raw !== 'object') fail('must be an object with "url" or "command"');
  const secrets: string[] = [];
  const missing: string[] = [];
  // Substituted before validation, so a URL that is only whole once its variables are in is checked whole.
  const substitute = (value: string, secret: boolean) => {
    const result = substituteEnv(value, env);
    secrets.push(...result.secrets);
    missing.push(...result.missing);
    if (secret && result.value !== '') secrets.push(result.value);
    return result.value;
  };
  const entry = substituteValues(raw as Record<string, unknown>, substitute);
  if (missing.length > 0) fail(`names unset variable(s) ${[...new Set(missing)].join(', ')}`);

  const declared = typeof entry.type === 'string' ? entry.type : undefined;
  const isStdio = declared ? STDIO_TYPES.has(declared) : 'command' in entry;
  if (declared && !isStdio && !HTTP_TYPES.has(declared)) {
    fail(`unknown type "${declared}"; toolgate reaches servers over "http" (Streamable HTTP) or "stdio"`);
  }
  const schema = isStdio ? stdioEntry : remoteEntry;
  const parsed = schema.safeParse(entry);
  if (!parsed.success) {
    const fields = Object.keys(schema.shape);
    fail(parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + describe(issue, isStdio ? 'a stdio' : 'an http', fields)).join('; '));
  }
  const data = parsed.data!;
  const filters = {
    ...(data.allowTools ? { allowTools: data.allowTools } : {}),
    ...(data.denyTools ? { denyTools: data.denyTools } : {}),
    ...(data.toolChanges ? { toolChanges: data.toolChanges } : {}),
  };
  if ('command' in data) {
    return { name, transport: 'stdio', command: data.command, args: data.args ?? [], env: data.env ?? {}, ...(data.cwd ? { cwd: data.cwd } : {}), secrets, ...filters };
  }
  return { name, transport: 'http', url: new URL(data.url), headers: data.headers ?? {}, secrets, ...filters };
}

// Issues name the field, never its value (a header or env value may be a secret).
function describe(issue: z.core.$ZodIssue, kind: string, fields: string[]): string {
  if (issue.code === 'unrecognized_keys') {
    const unknown = issue.keys.map((key) => `"${key}"${closeField(key, fields)}`).join(', ');
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${unknown}: ${kind} entry takes ${fields.join(', ')}`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'url') return 'not an http(s) URL';
  return issue.message;
}

/** ` (did you mean "headers"?)` for a field that differs from a known one by case or a final s. */
function closeField(key: string, fields: string[]): string {
  const bare = (name: string) => name.toLowerCase().replace(/s$/, '');
  const match = fields.find((field) => bare(field) === bare(key));
  return match ? ` (did you mean "${match}"?)` : '';
}

/** Header and env values are secrets whole; `${VAR}` is substituted in every string of the entry. */
function substituteValues(entry: Record<string, unknown>, substitute: (value: string, secret: boolean) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    const secret = key === 'headers' || key === 'env';
    if (typeof value === 'string') out[key] = substitute(value, false);
    else if (Array.isArray(value)) out[key] = value.map((item) => (typeof item === 'string' ? substitute(item, false) : item));
    else if (value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([field, item]) => [field, typeof item === 'string' ? substitute(item, secret) : item]));
    } else out[key] = value;
  }
  return out;
}
