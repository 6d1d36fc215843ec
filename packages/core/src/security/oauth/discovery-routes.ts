import { Router, type Request, type Response } from 'express';
import { resourceUrl, type OAuthResourceConfig } from './resource.ts';

/** Paths OAuth clients probe (RFC 9728, RFC 8414, OIDC discovery, dynamic client registration). */
const PROBED = ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration', '/register', '/authorize', '/token'];

function plainNotFound(message: string) {
  return (_request: Request, response: Response) => {
    // Plain text, not a JSON-RPC body: OAuth clients parse these answers as OAuth documents,
    // and the text is what a user ends up reading in the client's error.
    response.status(404).type('text/plain').send(message);
  };
}

/**
 * OAuth discovery, outside every key check. With a resource-server config each pack's
 * protected-resource metadata (RFC 9728) names the external authorization server; every
 * other probe is a plain 404, since the gateway is no authorization server itself.
 */
export function oauthDiscoveryRoutes(options: { mountPaths: readonly string[]; oauth?: OAuthResourceConfig }): Router {
  const router = Router();
  const { oauth } = options;
  if (oauth) {
    const mounted = new Set(options.mountPaths);
    // A PUBLIC_URL with a path (a proxy prefix) puts that path in the metadata URL too (RFC 9728 §3.1).
    const prefix = new URL(oauth.publicUrl).pathname.replace(/\/+$/, '');
    router.get(/^\/\.well-known\/oauth-protected-resource(\/.*)$/, (request, response, next) => {
      const path = (request.params as Record<string, string>)[0]!;
      const mountPath = prefix && path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
      if (!mounted.has(mountPath)) return next();
      response.set('cache-control', 'public, max-age=3600').json({
        resource: resourceUrl(oauth, mountPath),
        authorization_servers: [oauth.issuer],
        bearer_methods_supported: ['header'],
        resource_name: `toolgate ${mountPath.split('/')[1]}`,
      });
    });
  }
  const advice = oauth
    ? `Not found. Authorize with ${oauth.issuer}, or send an API key as "Authorization: Bearer <key>".`
    : 'Not found: this gateway does not offer OAuth. Send its API key as "Authorization: Bearer <key>" or "X-API-Key: <key>".';
  for (const path of PROBED) router.all([path, `${path}/*rest`], plainNotFound(advice));
  return router;
}
