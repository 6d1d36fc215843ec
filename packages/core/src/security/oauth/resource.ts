/** Where an OAuth 2.1 resource server (MCP authorization spec) finds what it needs. */
export interface OAuthResourceConfig {
  /** The external authorization server's issuer identifier (its tokens' `iss`). */
  issuer: string;
  /** The gateway's public origin (and path prefix), as clients reach it: the resource URLs' base. */
  publicUrl: string;
  /** The `aud` tokens must carry, when the authorization server does not use resource URLs. */
  audience?: string;
  /** The issuer's JWKS; unset → read from the issuer's metadata. */
  jwksUrl?: string;
}

/** A pack's resource URL (RFC 8707): its public MCP endpoint. `mountPath` is `/<segment>/mcp`. */
export function resourceUrl(config: Pick<OAuthResourceConfig, 'publicUrl'>, mountPath: string): string {
  return `${config.publicUrl.replace(/\/+$/, '')}${mountPath}`;
}

/** RFC 9728 §3.1: the metadata of resource `https://host/p` lives at `https://host/.well-known/oauth-protected-resource/p`. */
export function resourceMetadataUrl(config: Pick<OAuthResourceConfig, 'publicUrl'>, mountPath: string): string {
  const url = new URL(resourceUrl(config, mountPath));
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}
