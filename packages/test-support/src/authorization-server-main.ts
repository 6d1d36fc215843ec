import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A real OAuth 2.1 authorization server on 127.0.0.1 (oauth2-mock-server), in a process of its
 * own: OIDC discovery, JWKS, authorization code with PKCE (approved at once, no login page),
 * client credentials. Added so it behaves as the MCP authorization spec expects: the token's
 * `aud` is the `resource` the client asked for (RFC 8707), and `/register` accepts dynamic
 * client registration (RFC 7591). Test-only routes: POST /mint signs a token with the claims
 * given (less those in `omit`), GET /resources lists the resources tokens were asked for. Prints its issuer, then serves.
 */
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
const resources: string[] = [];
server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, request: { body?: Record<string, unknown> }) => {
  const resource = request.body?.resource;
  if (typeof resource === 'string' && request.body?.grant_type !== undefined) {
    resources.push(resource);
    token.payload.aud = resource;
  }
});
server.service.on('beforeWellKnownOpenIdConfiguration', (response: { body: Record<string, unknown> }) => {
  response.body.registration_endpoint = `${server.issuer.url}/register`;
});
type Handler = Parameters<typeof server.service.addRoute>[2];
const json = (response: Parameters<Handler>[1], status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
server.service.addRoute('POST', '/register', (request, response) => {
  const metadata = (request as unknown as { body?: Record<string, unknown> }).body ?? {};
  json(response, 201, { ...metadata, client_id: `client-${randomUUID()}`, client_id_issued_at: Math.floor(Date.now() / 1000), token_endpoint_auth_method: 'none' });
});
server.service.addRoute('POST', '/mint', async (request, response) => {
  const { claims, expiresIn, omit = [] } = (request as unknown as { body: { claims: Record<string, unknown>; expiresIn?: number; omit?: string[] } }).body;
  const token = await server.issuer.buildToken({
    expiresIn: expiresIn ?? 3600,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, claims);
      for (const claim of omit) delete payload[claim];
    },
  });
  json(response, 200, { token });
});
server.service.addRoute('GET', '/resources', (_request, response) => json(response, 200, resources));

await server.start(0, '127.0.0.1');
// The library names its issuer `localhost`; clients must reach exactly the address it listens on.
server.issuer.url = server.issuer.url!.replace('//localhost:', '//127.0.0.1:');
// Stopping never waits on a client: a browser's keep-alive or speculative connection (one that
// never sends a request) would hold server.stop() until Node's 300 s request timeout. A test
// server has nothing to flush, so what is still open after a second is cut.
const stop = () => {
  setTimeout(() => process.exit(0), 1_000).unref();
  void server.stop().then(() => process.exit(0));
};
// Before the issuer line: a parent that reads it may stop this server at once.
process.on('SIGTERM', stop);
// The parent holds stdin open: when it goes away, even without stopping this server, so does this.
process.stdin.on('end', stop).resume();
process.stdout.write(`${JSON.stringify({ issuer: server.issuer.url })}\n`);
