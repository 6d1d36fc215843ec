import { startAuthorizationServer, type AuthorizationServer } from '@toolgate/test-support';
import { gatewayTarget, postRpc, productTarget, startNginx, startService, toolCall, type RunningNginx, type RunningService } from '../src/index.ts';

// The public base URL clients are given (PUBLIC_URL): resource names are built from it, so it
// need not be where this test's nginx listens.
const PUBLIC_URL = 'https://tools.example.test';

// OAuth resource-server mode (docs/security.md) in the split deployment: a pack's service and the
// gateway service (for /mcp) behind the repository's nginx, a real authorization server minting
// the tokens. A 401 sends an OAuth client to the resource's metadata; that path must reach the
// service that owns the resource, through nginx as through the Ingress.
describe('OAuth discovery and tokens through nginx (OAUTH_ISSUER)', () => {
  let auth: AuthorizationServer;
  let quotes: RunningService;
  let gateway: RunningService;
  let nginx: RunningNginx;

  beforeAll(async () => {
    auth = await startAuthorizationServer();
    const oauth = { OAUTH_ISSUER: auth.issuer, PUBLIC_URL, TRUST_PROXY: 'loopback' };
    const quotesSpec = productTarget('quotes').service('1');
    const gatewaySpec = gatewayTarget.service('1');
    [quotes, gateway] = await Promise.all([
      startService({ ...quotesSpec, env: { ...quotesSpec.env, ...oauth } }),
      startService({ ...gatewaySpec, env: { ...gatewaySpec.env, ...oauth, TOOLGATE_PACKS: 'quotes' } }),
    ]);
    nginx = await startNginx({ upstreams: { quotes: [quotes.address] }, env: { TOOLGATE_ONE_URL: gateway.address } });
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([quotes?.stop(), gateway?.stop()]);
    await auth?.stop();
  });

  it.each([
    ['/quotes/mcp', 'random_quote'],
    ['/mcp', 'quotes_random_quote'],
  ])('%s: the 401 names its metadata, nginx serves it from the owning service, and a token for it is accepted there', async (endpoint, tool) => {
    const refused = await postRpc(`${nginx.url}${endpoint}`, toolCall(1, tool, {}));
    expect(refused.status).toBe(401);
    const metadataUrl = `${PUBLIC_URL}/.well-known/oauth-protected-resource${endpoint}`;
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);

    const metadata = await fetch(metadataUrl.replace(PUBLIC_URL, nginx.url));
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource: `${PUBLIC_URL}${endpoint}`, authorization_servers: [auth.issuer] });

    const token = await auth.mint({ sub: 'agent-1', aud: `${PUBLIC_URL}${endpoint}` });
    const called = await postRpc(`${nginx.url}${endpoint}`, toolCall(2, tool, {}), { authorization: `Bearer ${token}` });
    expect(called.status).toBe(200);
    expect(called.json.result.isError).toBeFalsy();
  });

  it('a token for one pack’s URL does not open /mcp, which is a resource of its own', async () => {
    const token = await auth.mint({ sub: 'agent-1', aud: `${PUBLIC_URL}/quotes/mcp` });
    const refused = await postRpc(`${nginx.url}/mcp`, toolCall(1, 'quotes_random_quote', {}), { authorization: `Bearer ${token}` });
    expect(refused.status).toBe(401);
  });
});
