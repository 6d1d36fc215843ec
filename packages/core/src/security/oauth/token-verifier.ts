import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { OAuthResourceConfig } from './resource.ts';

export interface VerifiedToken {
  /** The token's subject (or client id): who is calling. */
  subject: string;
  /** Its scopes (`scope`, space-separated, or `scp`, a list): toolgate:… ones carry a policy (scope-policy.ts). */
  scopes: readonly string[];
}

function scopesOf(payload: Record<string, unknown>): string[] {
  if (typeof payload.scope === 'string') return payload.scope.split(' ').filter(Boolean);
  if (Array.isArray(payload.scp)) return payload.scp.filter((scope): scope is string => typeof scope === 'string');
  return [];
}

export type TokenVerifier = (token: string, resource: string) => Promise<VerifiedToken>;

/** A token that is not a valid access token for this resource; the message is safe to return. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** The issuer's metadata or keys cannot be had; the message is safe to log. */
export class IssuerUnavailableError extends Error {
  override readonly name = 'IssuerUnavailableError';
}

/**
 * How long a failed fetch of the issuer's metadata or keys is remembered: every request in that
 * time fails at once instead of asking the issuer again, so a flood of junk tokens while the
 * issuer is down does not become a flood of requests to it.
 */
export const ISSUER_FAILURE_TTL_MS = 10_000;

/** jose's errors that say something about the token, not about fetching the keys. */
const TOKEN_FAULTS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported, errors.JWSInvalid, errors.JWTInvalid];

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
 * issuer, carrying `exp` and not expired, and the audience this resource's URL (or OAUTH_AUDIENCE), so a token
 * minted for another server is refused. The JWKS location is looked up on first use, so the
 * gateway starts while the authorization server is down; while it stays down, a failed fetch is
 * remembered for ISSUER_FAILURE_TTL_MS and every token fails fast (IssuerUnavailableError).
 */
export function createTokenVerifier(config: OAuthResourceConfig, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): TokenVerifier {
  // Single flight: concurrent requests share one discovery, and jose shares one JWKS fetch.
  let keys: Promise<JWTVerifyGetKey> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  let failure = '';
  const unavailable = (error: unknown) => {
    failedAt = now();
    failure = error instanceof Error ? error.message : String(error);
    return new IssuerUnavailableError(`the authorization server's keys cannot be fetched: ${failure}`);
  };
  const keySet = () => {
    keys ??= (config.jwksUrl ? Promise.resolve(new URL(config.jwksUrl)) : discoverJwksUri(config.issuer, fetchImpl)).then(
      (url) => {
        const remote = createRemoteJWKSet(url, { timeoutDuration: 5_000 });
        // A key fetch that fails (issuer down, an error page) is remembered like a failed discovery.
        const getKey: JWTVerifyGetKey = async (header, token) => {
          try {
            return await remote(header, token);
          } catch (error) {
            if (TOKEN_FAULTS.some((fault) => error instanceof fault)) throw error;
            throw unavailable(error);
          }
        };
        return getKey;
      },
      (error: unknown) => {
        keys = undefined;
        throw unavailable(error);
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
    if (now() - failedAt < ISSUER_FAILURE_TTL_MS) {
      throw new IssuerUnavailableError(`the authorization server's keys cannot be fetched (failed ${Math.round((now() - failedAt) / 1000)} s ago: ${failure})`);
    }
    const getKey = await keySet();
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: config.issuer,
        audience: config.audience ?? resource,
        clockTolerance: 5,
        // RFC 9068 §2.2: a JWT access token must say when it expires.
        requiredClaims: ['exp'],
      });
      const subject = payload.sub ?? (typeof payload.client_id === 'string' ? payload.client_id : undefined);
      if (!subject) throw new InvalidTokenError('the access token names no subject');
      return { subject, scopes: scopesOf(payload) };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof IssuerUnavailableError) throw error;
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'exp' && error.reason === 'missing') {
        throw new InvalidTokenError('the access token has no expiry (exp) claim, which RFC 9068 requires of JWT access tokens');
      }
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('the access token has expired');
      if (error instanceof errors.JWTClaimValidationFailed) throw new InvalidTokenError(`the access token's ${error.claim} claim is not accepted here`);
      if (error instanceof errors.JOSEError) throw new InvalidTokenError('the access token is not valid');
      throw error;
    }
  };
}
