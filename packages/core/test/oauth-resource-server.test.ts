import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MemoryOAuthProvider, startAuthorizationServer, type AuthorizationServer } from '@toolgate/test-support';
import { decodeJwt } from 'jose';
import { createGuards, createLogger, oauthConfigOf, parseEnv, securityEnvSchema, type Guards } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';

const KEY = 'api-key-beside-oauth';
const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };

/** Listens first, so the gateway's public URL (its resource URLs' base) is known before the app is built. */
async function listen(): Promise<{ server: Server; url: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('OAuth 2.1 resource-server mode (OAUTH_ISSUER) against a real authorization server', () => {
  let auth: AuthorizationServer;
  let gateway: { server: Server; url: string };
  let guards: Guards;
  let endpoint: string;
  const post = (headers: Record<string, string>, body: unknown = call) =>
    fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    auth = await startAuthorizationServer();
    gateway = await listen();
    const env = parseEnv(securityEnvSchema, { API_KEYS: KEY, OAUTH_ISSUER: auth.issuer, PUBLIC_URL: gateway.url });
    guards = await createGuards(env, createLogger({ level: 'silent' }));
    gateway.server.on('request', createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) }));
    endpoint = `${gateway.url}/echo/mcp`;
  });
  afterAll(async () => {
    gateway.server.closeAllConnections();
    await new Promise((resolve) => gateway.server.close(resolve));
    await Promise.all([auth.stop(), guards.close()]);
  });

  it('serves RFC 9728 metadata for each pack, naming the issuer, outside the key check', async () => {
    const response = await fetch(`${gateway.url}/.well-known/oauth-protected-resource/echo/mcp`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ resource: endpoint, authorization_servers: [auth.issuer], bearer_methods_supported: ['header'] });
    expect((await fetch(`${gateway.url}/.well-known/oauth-protected-resource/nope/mcp`)).status).toBe(404);
  });

  it('challenges a call without credentials with resource_metadata and echoes its id', async () => {
    const response = await post({});
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${gateway.url}/.well-known/oauth-protected-resource/echo/mcp"`);
    expect(await response.json()).toMatchObject({ id: 9, error: { code: -32001, message: expect.stringContaining(auth.issuer) } });
  });

  it('lets the SDK client discover, authorize (code + PKCE, dynamic registration), and then list and call', async () => {
    const provider = new MemoryOAuthProvider();
    const first = new StreamableHTTPClientTransport(new URL(endpoint), { authProvider: provider as never });
    await expect(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationCode).toEqual(expect.any(String));
    await first.finishAuth(provider.authorizationCode!);

    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { authProvider: provider as never }));
    try {
      expect((await client.listTools()).tools.map(({ name }) => name)).toEqual(['echo', 'sum']);
      expect((await client.callTool({ name: 'echo', arguments: { text: 'oauth' } })).structuredContent).toEqual({ text: 'oauth', length: 5 });
    } finally {
      await client.close();
    }
    // The client asked for this pack's resource, and the token it got is bound to it.
    expect(await auth.resources()).toContain(endpoint);
    expect(decodeJwt(provider.accessToken!)).toMatchObject({ iss: auth.issuer, aud: endpoint });
  });

  it('keeps API keys working beside tokens', async () => {
    expect((await post({ authorization: `Bearer ${KEY}` })).status).toBe(200);
    expect((await post({ 'x-api-key': KEY })).status).toBe(200);
  });

  it.each([
    ['an expired token', () => auth.mint({ sub: 'u1', aud: endpoint }, -60), /expired/],
    ['a token for another resource', () => auth.mint({ sub: 'u1', aud: 'http://127.0.0.1:1/other/mcp' }), /aud claim/],
    ['a token of another issuer', () => auth.mint({ sub: 'u1', aud: endpoint, iss: 'http://127.0.0.1:2' }), /iss claim/],
    ['a token with a forged signature', async () => `${(await auth.mint({ sub: 'u1', aud: endpoint })).slice(0, -6)}AAAAAA`, /not valid/],
    ['an unknown key that is no JWT', async () => 'not-a-key-or-token', /not valid/],
    // RFC 9068 §2.2: exp is required in a JWT access token; without it a stolen token works forever.
    ['a token without exp', () => auth.mint({ sub: 'u1', aud: endpoint }, undefined, ['exp']), /no expiry \(exp\)/],
  ])('refuses %s with 401 invalid_token', async (_label, token, message) => {
    const response = await post({ authorization: `Bearer ${await token()}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="[^"]+", error="invalid_token"$/);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it('accepts a freshly minted token for this resource (the refusals above are about the claims)', async () => {
    const response = await post({ authorization: `Bearer ${await auth.mint({ sub: 'u2', aud: endpoint })}` });
    expect(response.status).toBe(200);
  });
});

describe('OAuth settings', () => {
  it('need PUBLIC_URL with OAUTH_ISSUER, and URLs', () => {
    expect(() => parseEnv(securityEnvSchema, { OAUTH_ISSUER: 'https://auth.example.com' })).toThrow(/PUBLIC_URL: required with OAUTH_ISSUER/);
    expect(() => parseEnv(securityEnvSchema, { OAUTH_ISSUER: 'auth.example.com', PUBLIC_URL: 'https://tools.example.com' })).toThrow(/OAUTH_ISSUER/);
  });

  it('put a PUBLIC_URL path (a proxy prefix) in the resource and metadata URLs', async () => {
    const env = parseEnv(securityEnvSchema, { OAUTH_ISSUER: 'https://auth.example.com', PUBLIC_URL: 'https://tools.example.com/gw/' });
    const guards = await createGuards(env, createLogger({ level: 'silent' }));
    const { default: request } = await import('supertest');
    const app = createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) });
    const refused = await request(app).post('/echo/mcp').send(call);
    expect(refused.headers['www-authenticate']).toBe('Bearer resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/gw/echo/mcp"');
    const metadata = await request(app).get('/.well-known/oauth-protected-resource/gw/echo/mcp');
    expect(metadata.body).toMatchObject({ resource: 'https://tools.example.com/gw/echo/mcp', authorization_servers: ['https://auth.example.com'] });
  });

  it('count wrong tokens against AUTH_FAILURES_PER_MINUTE, but not the call without credentials every client starts with', async () => {
    // The JWKS URL is a closed local port: nothing here may need the issuer.
    const env = parseEnv(securityEnvSchema, {
      OAUTH_ISSUER: 'https://auth.example.com',
      OAUTH_JWKS_URL: 'http://127.0.0.1:1/jwks',
      PUBLIC_URL: 'https://tools.example.com',
      AUTH_FAILURES_PER_MINUTE: '3',
    });
    const guards = await createGuards(env, createLogger({ level: 'silent' }));
    const { default: request } = await import('supertest');
    const app = createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await request(app).post('/echo/mcp').send(call)).status).toBe(401);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await request(app).post('/echo/mcp').set('authorization', 'Bearer not-a-jwt').send(call)).status).toBe(401);
    expect((await request(app).post('/echo/mcp').set('authorization', 'Bearer not-a-jwt').send(call)).status).toBe(429);
  });

  it('answer 503, not a 500 or a hang, when the issuer cannot be reached to fetch its keys', async () => {
    const env = parseEnv(securityEnvSchema, { OAUTH_ISSUER: 'http://127.0.0.1:1', OAUTH_JWKS_URL: 'http://127.0.0.1:1/jwks', PUBLIC_URL: 'http://127.0.0.1:3' });
    const guards = await createGuards(env, createLogger({ level: 'silent' }));
    const { default: request } = await import('supertest');
    const token = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ.eyJzdWIiOiJ1In0.c2ln';
    const response = await request(createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) })).post('/echo/mcp').set('authorization', `Bearer ${token}`).send(call);
    expect(response.status).toBe(503);
    expect(response.body.error.message).toMatch(/authorization server cannot be reached/);
  });
});

describe('The issuer down (OAUTH_ISSUER unreachable)', () => {
  /** An issuer that answers every request 503 and counts them. */
  async function downIssuer(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(503, { 'content-type': 'text/plain' }).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, requests: () => requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  const junkJwt = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ.eyJzdWIiOiJ1In0.c2ln';

  it.each([
    ['its metadata', (url: string) => ({})],
    ['its JWKS (OAUTH_JWKS_URL)', (url: string) => ({ OAUTH_JWKS_URL: `${url}/jwks` })],
  ])('50 requests with one junk JWT ask %s once, not once each, and count as failed authentications', async (_label, extra) => {
    const issuer = await downIssuer();
    try {
      const env = parseEnv(securityEnvSchema, { OAUTH_ISSUER: issuer.url, PUBLIC_URL: 'http://127.0.0.1:3', AUTH_FAILURES_PER_MINUTE: '10', ...extra(issuer.url) });
      const guards = await createGuards(env, createLogger({ level: 'silent' }));
      const { default: request } = await import('supertest');
      const app = createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1) {
        statuses.push((await request(app).post('/echo/mcp').set('authorization', `Bearer ${junkJwt}`).send(call)).status);
      }
      // The first ten fail on the issuer (503), then the address is shut out like a guesser.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(503));
      expect(statuses.slice(10)).toEqual(Array(40).fill(429));
      // One discovery round (two metadata paths) or one JWKS fetch; the failure is remembered.
      expect(issuer.requests()).toBeLessThanOrEqual(2);
      await guards.close();
    } finally {
      await issuer.close();
    }
  });

  it('asks the issuer once for concurrent requests (single flight)', async () => {
    const issuer = await downIssuer();
    try {
      const env = parseEnv(securityEnvSchema, { OAUTH_ISSUER: issuer.url, PUBLIC_URL: 'http://127.0.0.1:3', AUTH_FAILURES_PER_MINUTE: '1000' });
      const guards = await createGuards(env, createLogger({ level: 'silent' }));
      const { default: request } = await import('supertest');
      const app = createEchoApp({ guards: guards.handlers, oauth: oauthConfigOf(env) });
      const answers = await Promise.all(Array.from({ length: 20 }, () => request(app).post('/echo/mcp').set('authorization', `Bearer ${junkJwt}`).send(call)));
      expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(503));
      expect(issuer.requests()).toBeLessThanOrEqual(2);
      await guards.close();
    } finally {
      await issuer.close();
    }
  });
});
