import { SessionStore } from '../src/streams/session-store.ts';
import { createSessionTokens, SESSION_MAX_AGE_MS } from '../src/streams/session-token.ts';

const SECRET = Buffer.from('a-secret-for-the-session-tests-0123');

describe('sessions: signed ids any replica with the secret takes up', () => {
  it('opens a session whose id another store (another replica) with the same secret takes up, capabilities and all', () => {
    const issuing = new SessionStore(createSessionTokens(SECRET));
    const session = issuing.open('2025-11-25', { elicitation: {}, sampling: { tools: {} } }, 'caller-1');
    const other = new SessionStore(createSessionTokens(SECRET));
    const taken = other.touch(session.id, 'caller-1');
    expect(taken).toMatchObject({ id: session.id, protocolVersion: '2025-11-25', clientCapabilities: { elicitation: {}, sampling: {} }, callerId: 'caller-1' });
    // Its state is the replica's own from then on.
    expect(taken!.logLevel).toBeUndefined();
    expect(other.touch(session.id, 'caller-1')).toBe(taken);
  });

  it('knows no id that was forged, altered, signed with another secret, or presented by another caller', () => {
    const store = new SessionStore(createSessionTokens(SECRET));
    const { id } = store.open('2025-11-25', {}, 'caller-1');
    const fresh = () => new SessionStore(createSessionTokens(SECRET));
    expect(fresh().touch('forged', 'caller-1')).toBeUndefined();
    expect(fresh().touch(`${id}x`, 'caller-1')).toBeUndefined();
    const [payload, mac] = id.split('.');
    const lifted = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), caller: 'caller-2' })).toString('base64url');
    expect(fresh().touch(`${lifted}.${mac}`, 'caller-2')).toBeUndefined();
    expect(new SessionStore(createSessionTokens(Buffer.from('another-secret-entirely-0123456789'))).touch(id, 'caller-1')).toBeUndefined();
    expect(store.touch(id, 'caller-2')).toBeUndefined();
    expect(fresh().touch(id, 'caller-2')).toBeUndefined();
  });

  it('knows no id older than its maximum age, nor one its client ended', () => {
    let now = 1_000_000;
    const tokens = createSessionTokens(SECRET, () => now);
    const store = new SessionStore(tokens, { maxSessions: 10, idleMs: 60_000, now: () => now });
    const old = store.open('2025-11-25', {}, undefined);
    now += SESSION_MAX_AGE_MS + 1;
    expect(new SessionStore(tokens, { maxSessions: 10, idleMs: 60_000, now: () => now }).touch(old.id, undefined)).toBeUndefined();
    const ended = store.open('2025-11-25', {}, undefined);
    store.end(ended.id);
    expect(store.touch(ended.id, undefined)).toBeUndefined();
  });

  it('keeps at most its bound of sessions, letting the least recently seen go', () => {
    const closed: string[] = [];
    const store = new SessionStore(createSessionTokens(SECRET), { maxSessions: 2, idleMs: 60_000 }, (session) => closed.push(session.id));
    const first = store.open('2025-11-25', {}, undefined);
    const second = store.open('2025-11-25', {}, undefined);
    store.touch(first.id, undefined);
    store.open('2025-11-25', {}, undefined);
    expect(closed).toEqual([second.id]);
    expect(store.size).toBe(2);
  });
});
