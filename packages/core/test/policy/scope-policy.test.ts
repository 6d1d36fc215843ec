import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAuthorizationServer, type AuthorizationServer } from '@toolgate/test-support';
import { createGuards, createLogger, oauthConfigOf, parseEnv, securityEnvSchema, type Guards } from '../../src/index.ts';
import { scopePolicies } from '../../src/security/policy/scope-policy.ts';
import { AccessPolicy } from '../../src/security/policy/access-policy.ts';
import { createEchoApp } from '../echo-pack.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

describe('OAuth scopes → policy (unit)', () => {
  const named = new Map([['reader', new AccessPolicy({ tools: ['echo/echo'], dailyQuota: 50 })], ['open', new AccessPolicy({ ratePerMinute: 9 })]]);
  const policyOf = scopePolicies(named);

  it('a token without toolgate scopes is unrestricted; others grant packs, tools and named keys', () => {
    expect(policyOf(['openid', 'profile']).restricted).toBe(false);
    const tool = policyOf(['toolgate:tool:echo/sum']);
    expect([tool.allowsTool('echo', 'sum'), tool.allowsTool('echo', 'echo'), tool.allowsPack('word')]).toEqual([true, false, false]);
    const pack = policyOf(['toolgate:pack:word']);
    expect([pack.allowsTool('word', 'upper'), pack.allowsPack('echo')]).toEqual([true, false]);
    const key = policyOf(['toolgate:key:reader', 'toolgate:tool:echo/sum']);
    expect([key.allowsTool('echo', 'echo'), key.allowsTool('echo', 'sum'), key.dailyQuota]).toEqual([true, true, 50]);
    expect(policyOf(['toolgate:key:open']).restricted).toBe(false);
    expect(policyOf(['toolgate:key:open']).ratePerMinute).toBe(9);
  });

  it('fails closed: a scope naming an unknown key grants nothing', () => {
    const unknown = policyOf(['toolgate:key:nobody']);
    expect([unknown.restricted, unknown.allowsPack('echo')]).toEqual([true, false]);
  });

  it('one policy object per scope set, so its filtered lists are shared', () => {
    expect(policyOf(['toolgate:tool:echo/sum'])).toBe(policyOf(['toolgate:tool:echo/sum']));
  });
});

describe('OAuth scopes against a real authorization server', () => {
  let auth: AuthorizationServer;
  let server: Server;
  let guards: Guards;
  let endpoint: string;
  const list = async (token: string) => {
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    return { status: response.status, body: (await response.json()) as { result?: { tools: { name: string }[] }; error?: { code: number; message: string } } };
  };

  beforeAll(async () => {
    auth = await startAuthorizationServer();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    endpoint = `${url}/echo/mcp`;
    const file = writePolicyFile([{ name: 'reader', key_sha256: 'ab'.repeat(32), tools: ['echo/echo'] }]);
    const env = parseEnv(securityEnvSchema, { OAUTH_ISSUER: auth.issuer, PUBLIC_URL: url, API_KEYS_FILE: file });
    guards = await createGuards(env, createLogger({ level: 'silent' }));
    server.on('request', createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) }));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await Promise.all([auth.stop(), guards.close()]);
  });

  it('filters the list by the token\'s scope claim (space-separated) and its scp list', async () => {
    expect((await list(await auth.mint({ sub: 'u1', aud: endpoint, scope: 'openid toolgate:tool:echo/sum' }))).body.result!.tools.map(({ name }) => name)).toEqual(['sum']);
    expect((await list(await auth.mint({ sub: 'u2', aud: endpoint, scp: ['toolgate:key:reader'] }))).body.result!.tools.map(({ name }) => name)).toEqual(['echo']);
    expect((await list(await auth.mint({ sub: 'u3', aud: endpoint, scope: 'openid' }))).body.result!.tools.map(({ name }) => name)).toEqual(['echo', 'sum']);
  });

  it('a token whose scopes grant nothing in the pack gets 403, saying token', async () => {
    const refused = await list(await auth.mint({ sub: 'u4', aud: endpoint, scope: 'toolgate:pack:word' }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: -32003, message: 'Forbidden: the pack echo is not allowed for this token', data: { pack: 'echo' } });
  });
});
