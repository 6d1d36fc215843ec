import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Guard } from '../protocol/guard.ts';
import { Refusal } from '../protocol/refusal.ts';
import type { AuthReason } from '../protocol/refusal.ts';
import type { RequestState } from '../protocol/request-state.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { resourceMetadataUrl, resourceUrl, type OAuthResourceConfig } from './oauth/resource.ts';
import { InvalidTokenError, type TokenVerifier } from './oauth/token-verifier.ts';
import { jsonRpcIdOfBody } from './json-rpc-id-of-body.ts';
import { UNRESTRICTED } from './policy/access-policy.ts';
import type { Caller } from '../protocol/caller.ts';
import type { PolicyKey } from './policy/policy-file.ts';
import { scopePolicies } from './policy/scope-policy.ts';

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The key a request presents: `Authorization: Bearer …` first, then `X-API-Key`. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

export interface ApiKeyAuthOptions {
  keys: readonly string[];
  /** API_KEYS_FILE: named keys, each with its policy. */
  namedKeys?: readonly PolicyKey[];
  logger: Logger;
  /** OAuth resource-server mode: a bearer token that is no API key is verified as the issuer's JWT. */
  oauth?: { config: OAuthResourceConfig; verify: TokenVerifier };
  /** Told of each missing or wrong key or token before the 401 goes out (the failure limit). */
  onRejected?: (request: IncomingMessage, state: RequestState) => Promise<void>;
}

/** The callers a key may be, by the key's SHA-256: API_KEYS (unrestricted) and API_KEYS_FILE (named, with a policy). */
function callersByDigest(keys: readonly string[], namedKeys: readonly PolicyKey[]): Map<string, Caller> {
  const callers = new Map<string, Caller>();
  for (const key of keys) {
    const digest = sha256(key);
    // The id names a key in logs and rate-limit counters without revealing it.
    const id = `key-${digest.subarray(0, 6).toString('hex')}`;
    callers.set(digest.toString('base64'), { kind: 'key', id, name: id, policy: UNRESTRICTED });
  }
  for (const { name, digest, policy } of namedKeys) callers.set(digest.toString('base64'), { kind: 'key', id: `key:${name}`, name, policy });
  return callers;
}

/**
 * Requires one of `keys` or `namedKeys` (or, in OAuth mode, a valid access token) on every
 * request it guards, and leaves the verified Caller in the request's state.
 * A presented key is looked up by its SHA-256 digest: response times can then depend only on
 * the digest, which tells a guesser nothing about any key (finding a key from its digest is a
 * preimage attack), and the lookup costs the same for 1,000 keys as for one.
 * A 401 echoes the JSON-RPC id and, in OAuth mode, names the pack's resource metadata (RFC 9728).
 */
export function apiKeyAuth(options: ApiKeyAuthOptions): Guard {
  const { oauth } = options;
  const namedKeys = options.namedKeys ?? [];
  if (options.keys.length === 0 && namedKeys.length === 0 && !oauth) throw new Error('apiKeyAuth needs at least one key');
  const known = callersByDigest(options.keys, namedKeys);
  const policyOfScopes = scopePolicies(new Map(namedKeys.map(({ name, policy }) => [name, policy])));
  const hint = oauth
    ? `an access token from ${oauth.config.issuer} or an API key as "Authorization: Bearer <token>"`
    : 'an API key as "Authorization: Bearer <key>" or "X-API-Key: <key>"';

  async function unauthorized(request: IncomingMessage, state: RequestState, message: string, reason: AuthReason, error?: 'invalid_token'): Promise<Refusal> {
    // In OAuth mode a call without credentials is every client's first step (discovery), not a guess.
    if (error || !oauth) await options.onRejected?.(request, state).catch(() => undefined);
    const parameters = oauth ? [`resource_metadata="${resourceMetadataUrl(oauth.config, state.mountPath)}"`] : ['realm="toolgate"'];
    if (error) parameters.push(`error="${error}"`);
    return new Refusal(401, ErrorCode.Unauthorized, message, {
      id: await jsonRpcIdOfBody(request),
      headers: { 'www-authenticate': `Bearer ${parameters.join(', ')}` },
      reason: { kind: 'auth', reason },
    });
  }

  async function verifyToken(token: string, request: IncomingMessage, state: RequestState): Promise<Refusal | undefined> {
    try {
      const { subject, scopes } = await oauth!.verify(token, resourceUrl(oauth!.config, state.mountPath));
      const caller: Caller = { kind: 'token', id: `sub-${sha256(subject).subarray(0, 6).toString('hex')}`, name: subject, policy: policyOfScopes(scopes) };
      state.caller = caller;
      return undefined;
    } catch (error) {
      if (error instanceof InvalidTokenError) return unauthorized(request, state, `Unauthorized: ${error.message}`, 'invalid_token', 'invalid_token');
      // Counted as a failed authentication: a token that cannot be checked is not accepted, and
      // a flood of them must not make the gateway a free amplifier against the issuer.
      await options.onRejected?.(request, state).catch(() => undefined);
      options.logger.warn({ requestId: state.requestId, err: { message: (error as Error).message } }, 'could not verify an access token');
      return new Refusal(503, ErrorCode.ServiceUnavailable, 'Service Unavailable: the authorization server cannot be reached to verify the token', {
        reason: { kind: 'auth', reason: 'token_unverifiable' },
      });
    }
  }

  // Synchronous on the served path (a known key); only a refusal or a token waits on I/O.
  return function checkApiKey(request, _response, state) {
    const key = presentedKey(request.headers);
    if (key === undefined) return unauthorized(request, state, `Unauthorized: send ${hint}`, 'missing_credentials');
    const match = known.get(sha256(key).toString('base64'));
    if (match === undefined && oauth) return verifyToken(key, request, state);
    if (match === undefined) {
      // Debug: a guesser would otherwise write one info line per attempt (the failure limit warns once).
      options.logger.debug({ requestId: state.requestId, client: state.addressId }, 'rejected an unknown API key');
      return unauthorized(request, state, 'Unauthorized: the API key is not valid', 'invalid_key', 'invalid_token');
    }
    state.caller = match;
    return undefined;
  };
}
