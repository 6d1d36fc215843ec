import { createStateSealer, StateRejected } from '../src/mcp/state-sealer.ts';

describe('sealed round state (SEP-2322 requestState)', () => {
  const state = { request: 'tools/call ask', answers: { name: { action: 'accept', content: { name: 'Ada' } } } };

  it('opens what it sealed, for the same request', () => {
    const sealer = createStateSealer({ secret: 's' });
    expect(sealer.open(sealer.seal(state), 'tools/call ask')).toEqual(state);
  });

  it('refuses a state that was changed, even by one character', () => {
    const sealer = createStateSealer({ secret: 's' });
    const sealed = sealer.seal(state);
    expect(() => sealer.open(`${sealed}-TAMPERED`, 'tools/call ask')).toThrow(StateRejected);
    const [payload, mac] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...state, answers: {}, expires: Date.now() + 1e6 })).toString('base64url');
    expect(() => sealer.open(`${forged}.${mac}`, 'tools/call ask')).toThrow('integrity');
    expect(() => sealer.open(payload!, 'tools/call ask')).toThrow(StateRejected);
  });

  it('refuses another request’s state, another secret’s, and an expired one', () => {
    let now = 1_000_000;
    const sealer = createStateSealer({ secret: 's', ttlMs: 60_000, now: () => now });
    const sealed = sealer.seal(state);
    expect(() => sealer.open(sealed, 'tools/call other')).toThrow('belongs to tools/call ask');
    expect(() => createStateSealer({ secret: 't' }).open(sealed, 'tools/call ask')).toThrow('integrity');
    now += 60_001;
    expect(() => sealer.open(sealed, 'tools/call ask')).toThrow('expired');
  });

  it('shares states between replicas with the same secret only', () => {
    const sealed = createStateSealer({ secret: 'shared' }).seal(state);
    expect(createStateSealer({ secret: 'shared' }).open(sealed, 'tools/call ask')).toEqual(state);
    expect(() => createStateSealer().open(sealed, 'tools/call ask')).toThrow(StateRejected);
  });

  it('refuses to carry more than its bound', () => {
    const sealer = createStateSealer({ secret: 's' });
    expect(() => sealer.seal({ request: 'x', answers: { big: 'y'.repeat(70_000) } })).toThrow('exceed');
  });
});
