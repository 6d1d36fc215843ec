import { combineUpstreamObservers, type UpstreamAttempt, type UpstreamObserver } from '../src/index.ts';

const attempt: UpstreamAttempt = { upstream: 'Test API', operation: 'events', method: 'GET', url: 'http://127.0.0.1/events', attempt: 1, breakerState: 'closed' };

describe('combineUpstreamObservers', () => {
  it('is no observer at all when none is given, and the one observer when one is', () => {
    const one: UpstreamObserver = { cacheLookedUp: () => {} };
    expect(combineUpstreamObservers(undefined, undefined)).toBeUndefined();
    expect(combineUpstreamObservers(undefined, one)).toBe(one);
  });

  it('tells each observer, merges the headers they add and ends every scope', () => {
    const heard: string[] = [];
    const metrics: UpstreamObserver = {
      attemptStarted: () => ({ end: (result) => heard.push(`metrics end ${result.outcome}`) }),
      cacheLookedUp: ({ result }) => heard.push(`metrics ${result}`),
      breakerChanged: ({ state }) => heard.push(`metrics ${state}`),
    };
    const traces: UpstreamObserver = {
      attemptStarted: () => ({ headers: { traceparent: '00-abc-def-01' }, end: (result) => heard.push(`traces end ${result.outcome}`) }),
    };
    const both = combineUpstreamObservers(metrics, traces)!;
    const scope = both.attemptStarted!(attempt)!;
    expect(scope.headers).toEqual({ traceparent: '00-abc-def-01' });
    scope.end({ outcome: 'timeout', seconds: 1, breakerState: 'closed' });
    both.cacheLookedUp!({ cache: 'c', result: 'hit' });
    both.breakerChanged!({ upstream: 'Test API', state: 'open' });
    expect(heard).toEqual(['metrics end timeout', 'traces end timeout', 'metrics hit', 'metrics open']);
  });

  it('starts no scope when no observer wants one', () => {
    const both = combineUpstreamObservers({ cacheLookedUp: () => {} }, { breakerChanged: () => {} })!;
    expect(both.attemptStarted!(attempt)).toBeUndefined();
  });
});
