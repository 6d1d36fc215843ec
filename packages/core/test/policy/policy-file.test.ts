import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePolicyFile, PolicyFileError } from '../../src/security/policy/policy-file.ts';
import { startServer } from '../../src/index.ts';
import { echoModule } from '../support/echo-module.ts';

const SECRET = 'tg_live_very-secret-key-0123456789';

function problemOf(text: string): string {
  try {
    parsePolicyFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('API_KEYS_FILE: the policy file', () => {
  it('reads YAML: names, a key or its SHA-256, packs, tools and limits', () => {
    const digest = createHash('sha256').update('second-key').digest('hex');
    const keys = parsePolicyFile(`
keys:
  - name: alice
    key: ${SECRET}
    packs: [quotes]
    tools: [chain/get_balance]
    rate_limit_per_minute: 30
    daily_quota: 1000
  - name: ci-bot
    key_sha256: ${digest}
`);
    expect(keys.map(({ name }) => name)).toEqual(['alice', 'ci-bot']);
    expect(keys[0]!.digest.toString('hex')).toBe(createHash('sha256').update(SECRET).digest('hex'));
    expect(keys[1]!.digest.toString('hex')).toBe(digest);
    const alice = keys[0]!.policy;
    expect([alice.ratePerMinute, alice.dailyQuota]).toEqual([30, 1000]);
    expect([alice.allowsPack('quotes'), alice.allowsPack('chain'), alice.allowsPack('sports')]).toEqual([true, true, false]);
    expect([alice.allowsTool('quotes', 'random_quote'), alice.allowsTool('chain', 'get_balance'), alice.allowsTool('chain', 'get_block')]).toEqual([true, true, false]);
    expect(keys[1]!.policy.restricted).toBe(false);
  });

  it('reads JSON, as a bare list too', () => {
    const keys = parsePolicyFile(JSON.stringify([{ name: 'a', key: 'k1', tools: ['echo/sum'] }]));
    expect(keys[0]!.policy.allowsTool('echo', 'sum')).toBe(true);
    expect(keys[0]!.policy.allowsTool('echo', 'echo')).toBe(false);
  });

  it.each([
    [`keys:\n  - name: alice\n    key: ${SECRET}\n    daily_quota: -5`, 'keys[0] ("alice"), daily_quota: a whole number above 0'],
    [`keys:\n  - name: alice\n    key: ${SECRET}\n  - name: bob\n    key: ${SECRET}2\n    tools: [just-a-tool]`, 'keys[1] ("bob"), tools.0: a "<pack>/<tool>" name'],
    [`keys:\n  - name: alice\n    key: ${SECRET}\n    key_sha256: ${'a'.repeat(64)}`, 'keys[0] ("alice"), key: give exactly one of key and key_sha256'],
    [`keys:\n  - name: alice\n    key: ${SECRET}\n    rate_limit: 3`, 'keys[0] ("alice"): Unrecognized key: "rate_limit"'],
    [`keys:\n  - key: ${SECRET}`, 'keys[0], name: a string'],
    [`keys:\n  - name: a\n    key: ${SECRET}\n  - name: a\n    key: other`, 'keys[1] ("a"), name: another entry has this name'],
    [`keys:\n  - name: a\n    key: ${SECRET}\n  - name: b\n    key: ${SECRET}`, 'keys[1] ("b"), key: the same key as "a"'],
    [`keys:\n  - name: a\n    key: ${SECRET}\n   bad: [indent`, 'not valid JSON or YAML'],
    ['{"keys": 3}', 'expected a list of keys, or a mapping whose `keys` is that list'],
  ])('names the entry and field of a bad file in one line, never the key (%#)', (text, expected) => {
    const message = problemOf(text);
    expect(message).toContain(expected);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('very-secret');
  });

  it('a bad file stops the start with one line naming the variable, the entry and the field', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'toolgate-policy-'));
    const path = join(directory, 'keys.yaml');
    writeFileSync(path, `- name: alice\n  key: ${SECRET}\n  packs: quotes\n`);
    const start = startServer({ service: 't', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: path } });
    await expect(start).rejects.toThrow(/^invalid configuration:\n {2}API_KEYS_FILE: keys\[0\] \("alice"\), packs: a list of pack names$/);
    await expect(start).rejects.not.toThrow(/very-secret/);
    const missing = startServer({ service: 't', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: join(directory, 'nope.yaml') } });
    await expect(missing).rejects.toThrow(/API_KEYS_FILE: cannot read .*nope\.yaml \(no such file\)/);
  });

  it('a key in both API_KEYS and the file is refused at start', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'toolgate-policy-'));
    const path = join(directory, 'keys.json');
    writeFileSync(path, JSON.stringify([{ name: 'alice', key: SECRET }]));
    const start = startServer({ service: 't', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: path, API_KEYS: `other,${SECRET}` } });
    await expect(start).rejects.toThrow(/API_KEYS_FILE: a key of API_KEYS is also in this file/);
    await expect(start).rejects.not.toThrow(/very-secret/);
  });
});
