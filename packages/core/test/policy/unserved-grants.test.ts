import { startServer, type RunningServer } from '../../src/index.ts';
import { readPolicyFile } from '../../src/security/policy/policy-file.ts';
import { warnUnservedGrants } from '../../src/security/policy/unserved-grants.ts';
import { captureLog } from '../support/capture-log.ts';
import { echoModule } from '../support/echo-module.ts';
import { echoPack } from '../echo-pack.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

const KEYS = { typo: 'key-typo-only-0001', sum: 'key-sum-only-0002' };
const ENTRIES = [
  // As docs/security.md's example once read: a tool the pack does not have.
  { name: 'typo-only', key: KEYS.typo, tools: ['echo/get_balance'] },
  { name: 'sum-only', key: KEYS.sum, tools: ['echo/sum', 'weather/forecast'], packs: ['maps'] },
];

// Issue 42, point 2: a key file checked against the tools served.
describe('API_KEYS_FILE against the packs and tools this process serves', () => {
  it('warns at start, naming each key and each tool its pack lacks; notes packs served elsewhere', () => {
    const log = captureLog();
    warnUnservedGrants(log.logger, readPolicyFile(writePolicyFile(ENTRIES)), [echoPack]);
    const lines = log.text().trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'API_KEYS_FILE grants tools their packs do not have (they give nothing): key "typo-only": echo/get_balance' }),
      expect.objectContaining({
        level: 30,
        msg: 'API_KEYS_FILE names packs this process does not serve (another process\'s in a split deployment, or a typo): key "sum-only": maps; key "sum-only": weather',
      }),
    ]);
  });

  it('says nothing when every grant is served, and takes any tool of a fronted server (its tools are listed at run time)', () => {
    const log = captureLog();
    const keys = readPolicyFile(writePolicyFile([{ name: 'fine', key: KEYS.sum, tools: ['echo/sum', 'remote/anything'] }]));
    warnUnservedGrants(log.logger, keys, [echoPack, { name: 'remote', tools: [], remoteTools: { list: () => [], call: async () => ({ content: [] }) } }]);
    expect(log.text()).toBe('');
  });

  describe('a key whose grants in a pack name no tool it has', () => {
    let gateway: RunningServer;
    const post = (key: string) =>
      fetch(`${gateway.url}/echo/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }) });
    beforeAll(async () => {
      gateway = await startServer({ service: 't', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: writePolicyFile(ENTRIES) } });
    });
    afterAll(() => gateway.close());

    it('is refused at the pack (403, the call\'s id), as docs/security.md says, not answered an empty list', async () => {
      const refused = await post(KEYS.typo);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32003, message: 'Forbidden: the pack echo is not allowed for this key', data: { pack: 'echo' } } });
    });

    it('while a key with one real tool there lists that tool', async () => {
      const listed = await post(KEYS.sum);
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map(({ name }) => name)).toEqual(['sum']);
    });
  });
});
