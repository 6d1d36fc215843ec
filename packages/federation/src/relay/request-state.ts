import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A parked call's handle and round, as a 2026-07-28 client carries them in `requestState`. */
export interface ParkedRef {
  handle: string;
  round: number;
}

/**
 * Signs `<handle>.<round>` with a key of this process's own: the state names a call that waits in
 * this process's memory, so no other process could resume it anyway, and a state the client (or
 * anyone) changed fails the check (SEP-2322: servers must verify requestState).
 */
export function createRefSealer(key: Buffer = randomBytes(32)) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    seal(ref: ParkedRef): string {
      const payload = `${ref.handle}.${ref.round}`;
      return `tg1.${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The handle and round, or undefined when the state is not one this process signed. */
    open(state: string): ParkedRef | undefined {
      const match = /^tg1\.([A-Za-z0-9_-]{16,64})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(state);
      if (!match) return undefined;
      const payload = `${match[1]}.${match[2]}`;
      const given = Buffer.from(match[3]!, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { handle: match[1]!, round: Number(match[2]) };
    },
  };
}

export type RefSealer = ReturnType<typeof createRefSealer>;
