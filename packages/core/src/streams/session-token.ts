import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a session id carries, so that any replica sharing the secret can take the session up. */
export interface SessionClaims {
  /** The protocol revision negotiated at initialize. */
  version: string;
  /** The client's top-level capabilities (elicitation, sampling, roots, …): what the server may ask it. */
  capabilities: string[];
  /** The authenticated caller that opened it ('' on an open gateway). */
  caller: string;
  /** Epoch ms it was issued. */
  issued: number;
}

/** A session id is refused after this long, whatever replica sees it (it can be taken up anywhere until then). */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60_000;
const MAX_TOKEN_LENGTH = 2_048;

/**
 * Session ids as signed claims (`<base64url JSON>.<base64url HMAC-SHA256>`, STATE_SECRET): the
 * replica that receives a session's request need not be the one that answered its initialize
 * (nginx routes a session's requests by its id, and the initialize had none): it checks the
 * signature and takes the session up. A forged, altered, foreign-caller or expired id is unknown.
 */
export function createSessionTokens(secret: Buffer, now: () => number = Date.now) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`session.${payload}`).digest();
  return {
    issue(claims: Omit<SessionClaims, 'issued'>): string {
      const payload = Buffer.from(JSON.stringify({ ...claims, issued: now(), nonce: randomBytes(9).toString('base64url') })).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The claims of an id this deployment issued to this caller and that has not expired; undefined otherwise. */
    verify(token: string, caller: string): SessionClaims | undefined {
      const dot = token.indexOf('.');
      if (dot < 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claims: SessionClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SessionClaims;
      } catch {
        return undefined;
      }
      if (claims.caller !== caller || typeof claims.issued !== 'number' || now() - claims.issued > SESSION_MAX_AGE_MS) return undefined;
      if (typeof claims.version !== 'string' || !Array.isArray(claims.capabilities)) return undefined;
      return claims;
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
