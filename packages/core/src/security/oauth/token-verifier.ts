import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { OAuthResourceConfig } from './resource.ts';

export interface VerifiedToken {
  /** The token's subject (or client id): who is calling. */
  subject: string;
}

export type TokenVerifier = (token: string, resource: string) => Promise<VerifiedToken>;

/** A token that is not a valid access token for this resource; the message is safe to return. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

const METADATA_PATHS = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

/** RFC 8414 §3 (and OIDC discovery as a fallback): where the issuer publishes its JWKS. */
async function discoverJwksUri(issuer: string, fetchImpl: typeof fetch): Promise<URL> {
  const base = new URL(issuer);
  const suffix = base.pathname.replace(/\/+$/, '');
  for (const path of METADATA_PATHS) {
    const response = await fetchImpl(new URL(`${path}${suffix}`, base.origin), { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (!response?.ok) continue;
    const metadata = (await response.json().catch(() => undefined)) as { jwks_uri?: unknown } | undefined;
    if (typeof metadata?.jwks_uri === 'string') return new URL(metadata.jwks_uri);
  }
  throw new Error(`the authorization server ${issuer} publishes no jwks_uri`);
}

/**
 * Verifies bearer JWTs as the MCP authorization spec asks of a resource server: signed by a
 * key in the issuer's JWKS (fetched once, refreshed by jose on an unknown key id), `iss` the
 * issuer, not expired, and the audience this resource's URL (or OAUTH_AUDIENCE), so a token
 * minted for another server is refused. The JWKS location is looked up on first use, so the
 * gateway starts while the authorization server is down.
 */
export function createTokenVerifier(config: OAuthResourceConfig, fetchImpl: typeof fetch = fetch): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const keySet = () => {
    keys ??= (config.jwksUrl ? Promise.resolve(new URL(config.jwksUrl)) : discoverJwksUri(config.issuer, fetchImpl)).then(
      (url) => createRemoteJWKSet(url, { timeoutDuration: 5_000 }),
      (error: unknown) => {
        keys = undefined;
        throw error;
      },
    );
    return keys;
  };

  return async function verifyToken(token, resource) {
    // Not a JWT at all (a wrong API key, say): refused without fetching the issuer's keys.
    try {
      decodeProtectedHeader(token);
    } catch {
      throw new InvalidTokenError('the access token is not valid');
    }
    const getKey = await keySet();
    try {
      const { payload } = await jwtVerify(token, getKey, { issuer: config.issuer, audience: config.audience ?? resource, clockTolerance: 5 });
      const subject = payload.sub ?? (typeof payload.client_id === 'string' ? payload.client_id : undefined);
      if (!subject) throw new InvalidTokenError('the access token names no subject');
      return { subject };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('the access token has expired');
      if (error instanceof errors.JWTClaimValidationFailed) throw new InvalidTokenError(`the access token's ${error.claim} claim is not accepted here`);
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) throw new InvalidTokenError('the access token is not valid');
      throw error;
    }
  };
}
