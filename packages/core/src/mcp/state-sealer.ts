import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a 2026-07-28 `requestState` carries between rounds: the answers given so far, for one request. */
export interface RoundState {
  /** `tools/call <name>`, `prompts/get <name>` or `resources/read <uri>`: a state is good for that request only. */
  request: string;
  answers: Record<string, unknown>;
}

/** Why a state was refused: the client (or someone) changed it, it expired, or it is another request's. */
export class StateRejected extends Error {
  override readonly name = 'StateRejected';
}

export interface StateSealer {
  seal(state: RoundState): string;
  open(sealed: string, request: string): RoundState;
}

/** States larger than this are refused: answers are small (a form, a sampled message, roots). */
export const MAX_STATE_BYTES = 64 * 1024;

/**
 * Seals round state as `<base64url JSON>.<base64url HMAC-SHA256>`: the client holds it, cannot
 * change it unnoticed (SEP-2322 asks servers to verify it), and any replica with the same secret
 * opens it. Without STATE_SECRET each process draws its own, so a round answered by another
 * replica is refused (the client starts the request again).
 */
export function createStateSealer(options: { secret?: string | Buffer | undefined; ttlMs?: number; now?: () => number } = {}): StateSealer {
  const key = options.secret === undefined ? randomBytes(32) : typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : options.secret;
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    seal(state) {
      const payload = Buffer.from(JSON.stringify({ ...state, expires: now() + ttlMs })).toString('base64url');
      if (payload.length > MAX_STATE_BYTES) throw new StateRejected(`the answers so far exceed ${MAX_STATE_BYTES} bytes`);
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    open(sealed, request) {
      const dot = sealed.indexOf('.');
      if (sealed.length > MAX_STATE_BYTES * 2 || dot < 0) throw new StateRejected('requestState is not one this server issued');
      const payload = sealed.slice(0, dot);
      const given = Buffer.from(sealed.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new StateRejected('requestState failed its integrity check');
      const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as RoundState & { expires: number };
      if (state.request !== request) throw new StateRejected(`requestState belongs to ${state.request}, not ${request}`);
      if (state.expires < now()) throw new StateRejected('requestState has expired; send the request again without it');
      return { request: state.request, answers: state.answers };
    },
  };
}

let processSecret: Buffer | undefined;

/** The secret of a process started without STATE_SECRET: drawn once, shared by all its endpoints. */
export function stateSecretOf(configured: string | undefined): Buffer {
  return configured === undefined ? (processSecret ??= randomBytes(32)) : Buffer.from(configured, 'utf8');
}

/** A sealer for dispatchers built without one (tests): the process's own secret. */
export function defaultSealer(): StateSealer {
  return createStateSealer({ secret: stateSecretOf(undefined) });
}
