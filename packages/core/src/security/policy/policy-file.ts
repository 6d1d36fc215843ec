import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { z } from 'zod';
import { AccessPolicy } from './access-policy.ts';

/** One named key of API_KEYS_FILE, as the gateway holds it: its SHA-256, never the key. */
export interface PolicyKey {
  name: string;
  digest: Buffer;
  policy: AccessPolicy;
}

const positiveInt = z.int('a whole number').positive('a whole number above 0');

// Names reach log lines and Redis keys: a plain character class, no spaces or quotes.
const entrySchema = z
  .strictObject({
    name: z.string('a string').regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, 'letters, digits, ".", "_", "@" or "-" (up to 64, starting with a letter or digit)'),
    key: z.string('a string').min(1, 'not empty').optional(),
    key_sha256: z.string('a string').regex(/^[0-9a-fA-F]{64}$/, 'the key\'s SHA-256 as 64 hex digits').optional(),
    packs: z.array(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, 'a pack name'), 'a list of pack names').optional(),
    tools: z.array(z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'a "<pack>/<tool>" name'), 'a list of "<pack>/<tool>" names').optional(),
    rate_limit_per_minute: positiveInt.optional(),
    daily_quota: positiveInt.optional(),
  }, {
    // Only for an entry that is no mapping; an unknown field keeps zod's message, which names it.
    error: (issue) => (issue.code === 'invalid_type' ? 'a mapping with name, key or key_sha256, and optional packs, tools, rate_limit_per_minute, daily_quota' : undefined),
  })
  .refine((entry) => (entry.key === undefined) !== (entry.key_sha256 === undefined), { message: 'give exactly one of key and key_sha256', path: ['key'] });

/** A one-line problem with the file; never holds a key (zod's messages here name fields, not values). */
export class PolicyFileError extends Error {
  override readonly name = 'PolicyFileError';
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** YAML is a superset of JSON: one parser reads both. Its own messages quote the source line (a key, perhaps), so only the position is kept. */
function parseDocument(text: string): unknown {
  try {
    return parseYaml(text, { prettyErrors: false, maxAliasCount: 100 });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0] ? `line ${error.linePos[0].line}, column ${error.linePos[0].col}` : `offset ${error.pos[0]}`;
      throw new PolicyFileError(`not valid JSON or YAML (${error.code} at ${where})`);
    }
    throw new PolicyFileError('not valid JSON or YAML');
  }
}

function describeIssue(index: number, entry: unknown, issue: z.core.$ZodIssue): string {
  const name = typeof entry === 'object' && entry && typeof (entry as { name?: unknown }).name === 'string' ? ` ("${(entry as { name: string }).name}")` : '';
  const field = issue.path.length > 0 ? `, ${issue.path.join('.')}` : '';
  return `keys[${index}]${name}${field}: ${issue.message}`;
}

/** Parses the text of an API_KEYS_FILE: a list of keys, or a mapping with a `keys` list. Throws PolicyFileError naming the first problem. */
export function parsePolicyFile(text: string): PolicyKey[] {
  const document = parseDocument(text);
  const list = Array.isArray(document) ? document : (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) throw new PolicyFileError('expected a list of keys, or a mapping whose `keys` is that list');
  const names = new Set<string>();
  const digests = new Map<string, string>();
  return list.map((raw, index) => {
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) throw new PolicyFileError(describeIssue(index, raw, parsed.error.issues[0]!));
    const entry = parsed.data;
    if (names.has(entry.name)) throw new PolicyFileError(`keys[${index}] ("${entry.name}"), name: another entry has this name`);
    names.add(entry.name);
    const digest = entry.key !== undefined ? sha256(entry.key) : Buffer.from(entry.key_sha256!, 'hex');
    const holder = digests.get(digest.toString('hex'));
    if (holder) throw new PolicyFileError(`keys[${index}] ("${entry.name}"), key: the same key as "${holder}"`);
    digests.set(digest.toString('hex'), entry.name);
    const policy = new AccessPolicy({ packs: entry.packs, tools: entry.tools, ratePerMinute: entry.rate_limit_per_minute, dailyQuota: entry.daily_quota });
    return { name: entry.name, digest, policy };
  });
}

/** Reads and parses the file at `path` (at start, once). */
export function readPolicyFile(path: string): PolicyKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PolicyFileError(`cannot read ${path} (${code === 'ENOENT' ? 'no such file' : (code ?? 'unknown error')})`);
  }
  return parsePolicyFile(text);
}
